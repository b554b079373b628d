import Foundation
import Testing
import WallCore
@testable import WallStore

/// `SharePlan` for shares to walls shared with the sharer and for a multipart share's files: the
/// cases the PostgreSQL store once wrote one share at a time, now planned with the rest.
@Suite("Share plan on shared walls and files")
struct SharePlanSharedWallTests {
    let owner = UUID()
    let bob = UUID()
    let carol = UUID()
    let wall = UUID()
    let now = Date(timeIntervalSince1970: 1_767_000_000)
    let enrich = FollowUpPolicy([.url: [.enrich], .image: [.thumbnail]])

    private func bobs(_ share: ValidShare, role: WallRole) -> SharePlan.Entry {
        SharePlan.Entry(
            share: share, userID: bob, access: WallAccess(wallID: wall, ownerID: owner, actorID: bob, role: role),
            adderName: "bob"
        )
    }

    private var known: SharePlan.Known {
        var known = SharePlan.Known()
        known.members[wall] = [bob, carol]
        return known
    }

    @Test("A contributor's new link is the owner's item, added by them, with an event for the owner and each member")
    func contributorCreatesOnTheOwnersWall() throws {
        let share = try linkShare("https://example.com/shared/1")

        let plan = SharePlan([bobs(share, role: .contributor)], known: known, followUps: enrich, now: now)

        let made = try plan.results[0].get()
        #expect(made.kind == .created)
        #expect(made.item.wallId == wall)
        #expect(made.item.addedBy == "bob")
        #expect(plan.items[made.item.id]?.userID == owner)
        #expect(plan.adders[made.item.id] == bob)
        #expect(plan.events.map(\.userID) == [owner, bob, carol])
        #expect(plan.lastEvent[made.item.id] == 0, "the owner's event is the item's sort key")
        #expect(plan.receipts.map(\.key.userID) == [bob])
        #expect(plan.followUps.map(\.userID) == [owner])
    }

    @Test("A viewer's share is refused and writes nothing")
    func viewerIsRefused() throws {
        let plan = SharePlan(
            [bobs(try linkShare("https://example.com/shared/2"), role: .viewer)], known: known, followUps: enrich, now: now
        )

        #expect(throws: StoreError.self) { try plan.results[0].get() }
        #expect(!plan.writesAnything)
        #expect(plan.receipts.isEmpty && plan.created.isEmpty)
    }

    @Test("A member's share of a stored link is merged, their note attributed, every member told")
    func memberMergesAttributed() throws {
        let stored = ShareRules.newItem(
            try linkShare("https://example.com/shared/3", note: "owner's"), wallID: wall, now: now, followUps: .none
        )
        var known = known
        known.links[WallLinkKey(wallID: wall, canonicalURL: "https://example.com/shared/3")] = stored

        let plan = SharePlan(
            [bobs(try linkShare("https://example.com/shared/3", note: "mine"), role: .editor)], known: known,
            followUps: enrich, now: now
        )

        let merged = try plan.results[0].get()
        #expect(merged.kind == .duplicate && merged.item.id == stored.id)
        #expect(merged.item.userNote == "owner's\n\nbob: mine")
        #expect(plan.merged == [stored.id])
        #expect(plan.events.map(\.userID) == [owner, bob, carol])
        #expect(plan.created.isEmpty)
    }

    @Test("A file part is a new item holding its file, never merged into a stored link")
    func filePartIsNew() throws {
        let share = try linkShare("https://example.com/shared/4")
        let stored = ShareRules.newItem(share, wallID: wall, now: now, followUps: .none)
        var known = SharePlan.Known()
        known.links[WallLinkKey(wallID: wall, canonicalURL: "https://example.com/shared/4")] = stored
        let file = ItemFile(sha256: String(repeating: "a", count: 64), size: 3, contentType: "image/png", name: "photo.png")
        let entry = SharePlan.Entry(
            share: share, userID: owner, access: WallAccess(wallID: wall, ownerID: owner, actorID: owner, role: nil),
            file: file
        )

        let plan = SharePlan([entry], known: known, followUps: enrich, now: now)

        let made = try plan.results[0].get()
        #expect(made.kind == .created && made.item.id != stored.id)
        #expect(made.item.file == file)
        #expect(made.item.state == .pending)
        #expect(plan.adders.isEmpty, "the owner's own item has no adder")
        #expect(plan.canonicalURLs.isEmpty)
    }
}
