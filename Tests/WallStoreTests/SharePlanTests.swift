import Foundation
import Testing
import WallCore
@testable import WallStore

/// `SharePlan` on plain values: what a batch of shares becomes, decided before anything is written.
@Suite("Share plan")
struct SharePlanTests {
    let alice = UUID()
    let inbox = UUID()
    let now = Date(timeIntervalSince1970: 1_767_000_000)
    let enrich = FollowUpPolicy([.url: [.enrich]])

    private func entry(_ share: ValidShare, wall: UUID?? = .none) -> SharePlan.Entry {
        SharePlan.Entry(share: share, userID: alice, wallID: wall ?? inbox)
    }

    private func outcome(_ result: Result<ShareOutcome, StoreError>) throws -> ShareOutcome {
        try result.get()
    }

    @Test("New links become new items, each with an event, a receipt and its follow-up jobs, in order")
    func newLinksAreCreated() throws {
        let shares = try (1...3).map { try linkShare("https://example.com/\($0)") }

        let plan = SharePlan(shares.map { entry($0) }, known: .init(), followUps: enrich, now: now)

        let outcomes = try plan.results.map(outcome)
        #expect(outcomes.map(\.kind) == [.created, .created, .created])
        #expect(outcomes.map(\.item.url) == shares.map(\.url))
        #expect(outcomes.allSatisfy { $0.item.state == .pending && $0.item.wallId == inbox })
        #expect(plan.created == outcomes.map(\.item.id))
        #expect(plan.events.map(\.kind) == [.created, .created, .created])
        #expect(plan.receipts.map(\.key.shareID) == shares.map(\.shareID))
        #expect(plan.receipts.allSatisfy { !$0.duplicate })
        #expect(plan.followUps.map(\.itemID) == outcomes.map(\.item.id))
        #expect(plan.followUps.allSatisfy { $0.kind == .enrich && $0.priority == .interactive })
        #expect(plan.canonicalURLs.count == 3)
    }

    @Test("A link shared twice in one batch is one item: the second share is merged into the first")
    func sameLinkTwiceInOneBatch() throws {
        let first = try linkShare("https://example.com/a?utm_source=x", note: "first", tags: ["one"])
        let second = try linkShare("https://example.com/a", note: "second", tags: ["two"])

        let plan = SharePlan([entry(first), entry(second)], known: .init(), followUps: enrich, now: now)

        let (made, merged) = (try outcome(plan.results[0]), try outcome(plan.results[1]))
        #expect(made.kind == .created)
        #expect(merged.kind == .duplicate)
        #expect(merged.item.id == made.item.id)
        #expect(merged.item.userNote == "first\n\nsecond")
        #expect(merged.item.tags == ["one", "two"])
        #expect(plan.created == [made.item.id])
        #expect(plan.merged.isEmpty)
        #expect(plan.items[made.item.id]?.item == merged.item)
        #expect(plan.lastEvent[made.item.id] == 1)
        #expect(plan.followUps.count == 1)
        #expect(plan.receipts.map(\.duplicate) == [false, true])
    }

    @Test("A link already on the wall is merged into its item, which is written once with its last state")
    func storedLinkIsMerged() throws {
        let stored = ShareRules.newItem(try linkShare("https://example.com/kept", note: "old"), wallID: inbox, now: now, followUps: .none)
        let key = WallLinkKey(wallID: inbox, canonicalURL: "https://example.com/kept")
        let again = try linkShare("https://example.com/kept", note: "new")
        let third = try linkShare("https://example.com/kept", tags: ["later"])

        let plan = SharePlan(
            [entry(again), entry(third)], known: .init(links: [key: stored]), followUps: enrich, now: now
        )

        let outcomes = try plan.results.map(outcome)
        #expect(outcomes.map(\.kind) == [.duplicate, .duplicate])
        #expect(outcomes.allSatisfy { $0.item.id == stored.id })
        #expect(plan.merged == [stored.id])
        #expect(plan.created.isEmpty)
        #expect(plan.followUps.isEmpty)
        #expect(plan.items[stored.id]?.item.userNote == "old\n\nnew")
        #expect(plan.items[stored.id]?.item.tags == ["later"])
        #expect(plan.events.map(\.kind) == [.updated, .updated])
    }

    @Test("A share id seen before is replayed, a reused id with other content is a conflict, a deleted item's id is refused")
    func storedReceipts() throws {
        let item = ShareRules.newItem(try linkShare("https://example.com/r"), wallID: inbox, now: now, followUps: .none)
        let replayed = try linkShare("https://example.com/r")
        let reused = try linkShare("https://example.com/other")
        let deleted = try linkShare("https://example.com/gone")
        let receipts: [ShareKey: KnownReceipt] = [
            ShareKey(userID: alice, shareID: replayed.shareID): KnownReceipt(fingerprint: replayed.fingerprint, duplicate: true, item: item),
            ShareKey(userID: alice, shareID: reused.shareID): KnownReceipt(fingerprint: "something else", duplicate: false, item: item),
            ShareKey(userID: alice, shareID: deleted.shareID): KnownReceipt(fingerprint: deleted.fingerprint, duplicate: false, item: nil),
        ]

        let plan = SharePlan(
            [entry(replayed), entry(reused), entry(deleted)], known: .init(receipts: receipts), followUps: enrich, now: now
        )

        #expect(try outcome(plan.results[0]) == ShareOutcome(kind: .replayed(duplicate: true), item: item))
        #expect(throws: StoreError.conflict("This share id was already used for different content.")) { try plan.results[1].get() }
        #expect(throws: StoreError.shareDeleted) { try plan.results[2].get() }
        #expect(!plan.writesAnything)
        #expect(plan.receipts.isEmpty)
    }

    @Test("The same share id twice in one batch is stored once; with other content the second is a conflict")
    func sameIDTwiceInOneBatch() throws {
        let id = UUID()
        let share = try linkShare("https://example.com/once", id: id)
        let changed = try linkShare("https://example.com/once", id: id, note: "edited")

        let plan = SharePlan([entry(share), entry(share), entry(changed)], known: .init(), followUps: enrich, now: now)

        let first = try outcome(plan.results[0])
        #expect(first.kind == .created)
        #expect(try outcome(plan.results[1]) == ShareOutcome(kind: .replayed(duplicate: false), item: first.item))
        #expect(throws: StoreError.conflict("This share id was already used for different content.")) { try plan.results[2].get() }
        #expect(plan.receipts.count == 1)
        #expect(plan.created.count == 1)
        #expect(plan.shares(about: [first.item.id]) == [0, 1])
    }

    @Test("A share to a wall the person lacks is refused and leaves its neighbours alone")
    func unknownWallIsRefusedAlone() throws {
        let lost = try linkShare("https://example.com/lost", wall: "nowhere")
        let kept = try linkShare("https://example.com/kept")

        let plan = SharePlan([entry(lost, wall: .some(nil)), entry(kept)], known: .init(), followUps: enrich, now: now)

        #expect(throws: StoreError.notFound("wall")) { try plan.results[0].get() }
        #expect(try outcome(plan.results[1]).kind == .created)
        #expect(plan.created.count == 1)
        #expect(plan.shares(about: Set(plan.created)) == [1])
    }
}
