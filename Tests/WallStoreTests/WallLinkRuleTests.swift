import Foundation
import Testing
import WallCore
@testable import WallStore

/// Who manages a wall's secret links and what a link shows, on plain values.
@Suite("Secret link rule")
struct WallLinkRuleTests {
    let wall = UUID()
    let owner = UUID()
    let member = UUID()

    private func access(_ role: WallRole?) -> WallAccess {
        WallAccess(wallID: wall, ownerID: owner, actorID: role == nil ? owner : member, role: role)
    }

    @Test("Only the owner makes and manages links, every role of a member is refused",
          arguments: [nil] + WallRole.allCases)
    func onlyTheOwner(_ role: WallRole?) {
        let standing = access(role)
        let makes = (try? WallLinkRule.checkCreate(by: standing, linkCount: 0)) != nil
        let manages = (try? WallLinkRule.checkManage(by: standing)) != nil
        #expect(makes == (role == nil))
        #expect(manages == (role == nil))
    }

    @Test func theOwnerIsRefusedAtTheCapAndNotBelowIt() {
        #expect(throws: Never.self) { try WallLinkRule.checkCreate(by: access(nil), linkCount: Limits.maxLinksPerWall - 1) }
        #expect(throws: StoreError.self) { try WallLinkRule.checkCreate(by: access(nil), linkCount: Limits.maxLinksPerWall) }
    }

    @Test func aVisitorsQueryIsAlwaysTheLinksWallAndAtMostAPage() {
        let asked = ItemQuery(wall: "someone-elses", tag: "x", limit: 10_000)
        let query = WallLinkRule.query(asked, scope: .wall(wall))
        #expect(query?.wall == wall.uuidString.lowercased())
        #expect(query?.ownWallsOnly == false)
        #expect(query?.tag == "x")
        #expect(query?.limit == Limits.maxPageSize)
    }

    @Test func aSmartWallsVisitorRunsItsSearchOnTheOwnersOwnWallsOnly() throws {
        let search = SavedSearch(
            id: UUID(), name: "Maps", query: "tag:maps -kind:link", slug: "maps", createdAt: Date(), updatedAt: Date()
        )
        let asked = ItemQuery(wall: "someone-elses", tag: "x", search: try SearchExpression(parsing: "anything"), limit: 10_000)
        let query = try #require(WallLinkRule.query(asked, scope: .search(search)))
        #expect(query.wall == nil)
        #expect(query.ownWallsOnly)
        #expect(query.search == search.expression)
        #expect(query.tag == "x")
        #expect(query.limit == Limits.maxPageSize)
    }

    @Test func aSmartWallWhoseQueryNoLongerReadsShowsNothing() {
        let search = SavedSearch(id: UUID(), name: "Old", query: "nosuch:op", slug: "old", createdAt: Date(), updatedAt: Date())
        #expect(WallLinkRule.query(ItemQuery(), scope: .search(search)) == nil)
    }

    @Test func aLinkShowsItsOwnWallsItemsWithoutWhoAddedThem() {
        var item = Item(id: UUID(), kind: .text, text: "hi", wallId: wall, source: .cli, createdAt: Date(), updatedAt: Date())
        item.addedBy = "bob"
        #expect(WallLinkRule.shows(item, scope: .wall(wall)))
        #expect(!WallLinkRule.shows(item, scope: .wall(UUID())))
        #expect(WallLinkRule.visible(item).addedBy == nil)
        #expect(WallLinkRule.visible(item).text == "hi")
    }
}
