import Foundation
import Testing
import WallCore
@testable import WallStore

/// Who may do what on a wall, and who may share it, on plain values.
@Suite("Wall access")
struct WallAccessTests {
    let wall = UUID()
    let owner = UUID()
    let member = UUID()

    private func access(_ role: WallRole?) -> WallAccess {
        WallAccess(wallID: wall, ownerID: owner, actorID: role == nil ? owner : member, role: role)
    }

    private func allowed(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            return false
        }
    }

    @Test("Each role posts, changes and manages exactly what it may", arguments: [nil] + WallRole.allCases)
    func permissions(_ role: WallRole?) {
        let standing = access(role)
        let ownersCard: UUID? = nil
        let membersCard: UUID? = member
        #expect(allowed { try standing.requirePost() } == (role != .viewer))
        #expect(allowed { try standing.requireChange(itemAddedBy: ownersCard) } == (role == nil || role == .editor))
        #expect(allowed { try standing.requireChange(itemAddedBy: membersCard) } == (role != .viewer))
        #expect(allowed { try standing.requireOwner() } == (role == nil))
        #expect(standing.addedBy == (role == nil ? nil : member))
    }

    @Test("Items move only between walls of one owner, and only where the person may post")
    func moves() {
        let other = WallAccess(wallID: UUID(), ownerID: UUID(), actorID: owner, role: .editor)
        let ownWall = WallAccess(wallID: UUID(), ownerID: owner, actorID: owner, role: nil)
        let viewed = WallAccess(wallID: UUID(), ownerID: owner, actorID: owner, role: .viewer)
        #expect(allowed { try access(nil).requireMove(to: ownWall) })
        #expect(!allowed { try access(nil).requireMove(to: other) })
        #expect(!allowed { try access(nil).requireMove(to: viewed) })
    }

    @Test("Only the owner shares, never with themselves, up to the member limit; a member may leave")
    func membership() {
        #expect(allowed { try MembershipRule.checkAdd(member: member, by: access(nil), memberCount: 0, isMember: false) })
        #expect(!allowed { try MembershipRule.checkAdd(member: member, by: access(.editor), memberCount: 0, isMember: false) })
        #expect(!allowed { try MembershipRule.checkAdd(member: owner, by: access(nil), memberCount: 0, isMember: false) })
        let full = Limits.maxMembersPerWall
        #expect(!allowed { try MembershipRule.checkAdd(member: member, by: access(nil), memberCount: full, isMember: false) })
        #expect(allowed { try MembershipRule.checkAdd(member: member, by: access(nil), memberCount: full, isMember: true) })
        #expect(allowed { try MembershipRule.checkRemove(member: member, by: access(.viewer)) })
        #expect(!allowed { try MembershipRule.checkRemove(member: UUID(), by: access(.editor)) })
        #expect(allowed { try MembershipRule.checkRemove(member: UUID(), by: access(nil)) })
    }

    @Test("A wall's row makes its owner the owner, a member a member with their role, anyone else no one",
          arguments: [nil] + WallRole.allCases)
    func standingFromRow(_ role: WallRole?) {
        let stranger = UUID()

        #expect(WallAccess.standing(wallID: wall, ownerID: owner, actor: owner, memberRole: nil) == access(nil))
        #expect(WallAccess.standing(wallID: wall, ownerID: owner, actor: owner, memberRole: role) == access(nil),
                "the owner is the owner whatever a member row says")
        #expect(WallAccess.standing(wallID: wall, ownerID: owner, actor: member, memberRole: role)
            == role.map { access($0) })
        #expect(WallAccess.standing(wallID: wall, ownerID: owner, actor: stranger, memberRole: nil) == nil)
    }
}
