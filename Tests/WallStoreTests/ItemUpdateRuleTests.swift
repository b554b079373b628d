import Foundation
import Testing
import WallCore
@testable import WallStore

/// What a patch does to an item, on plain values.
@Suite("Item update rule")
struct ItemUpdateRuleTests {
    let now = Date(timeIntervalSince1970: 1_767_000_000)
    let inbox = UUID()

    private func item() throws -> Item {
        ShareRules.item(
            try linkShare("https://example.com/a", title: "Old", note: "kept", tags: ["one"]), id: UUID(),
            wallID: inbox, pending: false, createdAt: now.addingTimeInterval(-60), updatedAt: now.addingTimeInterval(-60)
        )
    }

    @Test("A patch changes what it names and stamps the item; the rest stays")
    func patchApplies() throws {
        let current = try item()
        let patch = try ItemPatch(title: .set("New"), tags: .set(["Two", "one"])).validated()

        let updated = try #require(try ItemUpdateRule.updated(current, by: patch, targetWall: nil, linkHolder: nil, now: now))

        #expect(updated.title == "New")
        #expect(updated.tags == ["two", "one"])
        #expect(updated.userNote == "kept")
        #expect(updated.updatedAt == now)
        #expect(updated.wallId == inbox)
    }

    @Test("A patch that changes nothing writes nothing")
    func unchangedPatch() throws {
        let current = try item()
        let same = try ItemPatch(title: .set("Old"), wall: .set("inbox")).validated()
        #expect(try ItemUpdateRule.updated(current, by: same, targetWall: inbox, linkHolder: current.id, now: now) == nil)
    }

    @Test("A move goes to the target wall unless another item there holds the same link")
    func moves() throws {
        let current = try item()
        let other = UUID()
        let move = try ItemPatch(wall: .set("reading")).validated()
        #expect(move.targetWallRef == "reading")

        let moved = try ItemUpdateRule.updated(current, by: move, targetWall: other, linkHolder: nil, now: now)
        #expect(moved?.wallId == other)
        #expect(throws: StoreError.conflict("That link is already on the other wall.")) {
            try ItemUpdateRule.updated(current, by: move, targetWall: other, linkHolder: UUID(), now: now)
        }
    }
}
