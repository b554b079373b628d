import Foundation
import WallCore

/// Who may share a wall with whom, decided on plain values: only the owner shares, never with
/// themselves, up to the member limit; a member may leave, the owner may remove anyone.
enum MembershipRule {
    /// Checks that the person behind `access` may give `member` a role on the wall, which has
    /// `memberCount` members now (`isMember`: whether `member` is one of them already).
    static func checkAdd(
        member: UUID, by access: WallAccess, memberCount: Int, isMember: Bool
    ) throws(StoreError) {
        try access.requireOwner()
        guard member != access.ownerID else { throw .conflict("You own this wall; share it with someone else.") }
        guard isMember || memberCount < Limits.maxMembersPerWall else {
            throw .conflict("A wall can be shared with at most \(Limits.maxMembersPerWall) people.")
        }
    }

    /// Checks that the person behind `access` may take `member` off the wall: the owner anyone,
    /// a member only themselves.
    static func checkRemove(member: UUID, by access: WallAccess) throws(StoreError) {
        guard access.isOwner || member == access.actorID else {
            throw .forbidden("Only the wall's owner can remove other people.")
        }
    }
}
