import Foundation
import Testing
import WallCore
@testable import WallStore

/// `ImportPlan` on plain values: what each entry of an import batch becomes, for both stores.
@Suite("Import plan")
struct ImportPlanTests {
    let now = Date(timeIntervalSince1970: 1_767_000_000)
    let inbox = UUID()
    let enrich = FollowUpPolicy([.url: [.enrich]])

    private func entry(_ url: String, id: UUID = UUID(), wall: String? = nil, createdAt: Date? = nil) throws -> ValidImport {
        try ImportEntry(id: id, contentType: .url, url: url, wall: wall, createdAt: createdAt).validated()
    }

    @Test("New entries become items that keep their id and dates, with a receipt and a bulk job each")
    func newEntries() throws {
        let created = now.addingTimeInterval(-86_400)
        let entries = [try entry("https://example.com/1", createdAt: created), try entry("https://example.com/2")]

        let plan = ImportPlan(entries, wallIDs: [inbox, inbox], known: .init(), followUps: enrich, now: now)

        #expect(plan.newItems.map(\.item.id) == entries.map(\.share.shareID))
        #expect(plan.newItems.map(\.item.createdAt) == [created, now])
        #expect(plan.newItems.allSatisfy { $0.item.state == .pending })
        #expect(plan.receipts.map(\.duplicate) == [false, false])
        #expect(plan.jobs.map(\.itemID) == entries.map(\.share.shareID))
    }

    @Test("An entry imported before is a duplicate even when its wall is gone; an unknown wall is skipped")
    func receiptsComeFirst() throws {
        let known = UUID()
        let seen = try entry("https://example.com/seen", wall: "gone")
        let lost = try entry("https://example.com/lost", wall: "gone")
        var rows = KnownImportRows()
        rows.receipts[seen.share.shareID] = known

        let plan = ImportPlan([seen, lost], wallIDs: [nil, nil], known: rows, followUps: enrich, now: now)

        #expect(plan.outcomes == [
            .duplicate(itemID: known, reason: ImportOutcome.importedBefore),
            .skipped(reason: "There is no wall gone."),
        ])
        #expect(plan.newItems.isEmpty)
        #expect(plan.receipts.isEmpty)
    }

    @Test("A link on its wall already, or twice in the batch, is one item; a taken id gets a new one")
    func linksAndTakenIDs() throws {
        let holder = UUID()
        let onWall = try entry("https://example.com/known")
        let first = try entry("https://example.com/twice")
        let again = try entry("https://example.com/twice?utm_source=feed")
        var rows = KnownImportRows()
        rows.links[WallLinkKey(wallID: inbox, canonicalURL: try #require(onWall.share.canonicalURL))] = holder
        rows.takenIDs = [first.share.shareID]

        let plan = ImportPlan([onWall, first, again], wallIDs: [inbox, inbox, inbox], known: rows, followUps: .none, now: now)

        let made = try #require(plan.newItems.first?.item)
        #expect(plan.newItems.count == 1)
        #expect(made.id != first.share.shareID)
        #expect(made.state == .ready)
        #expect(plan.outcomes == [
            .duplicate(itemID: holder, reason: ImportOutcome.alreadyOnWall),
            .imported(made),
            .duplicate(itemID: made.id, reason: ImportOutcome.alreadyOnWall),
        ])
        #expect(plan.receipts.map(\.itemID) == [holder, made.id, made.id])
        #expect(plan.receipts.map(\.duplicate) == [true, false, true])
    }
}
