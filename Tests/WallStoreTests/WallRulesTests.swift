import Foundation
import Testing
import WallCore
@testable import WallStore

/// The wall rules on plain values: slugs, positions, limits, and what deleting a wall does to
/// its items, decided before anything is written.
@Suite("Wall rules")
struct WallRulesTests {
    let now = Date(timeIntervalSince1970: 1_767_000_000)

    private func change(_ name: String? = nil, slug: String? = nil, position: Int? = nil) throws -> ValidWallChange {
        try WallPatchRequest(name: name, slug: slug, position: position).validated()
    }

    private func wall(_ slug: String, isDefault: Bool = false, items: Int = 0) -> Wall {
        Wall(id: UUID(), slug: slug, name: slug, isDefault: isDefault, position: 0, itemCount: items, createdAt: now)
    }

    @Test("A new wall takes a slug made from its name, numbered until it is free, and goes last")
    func newWallSlugAndPosition() throws {
        let existing = [WallSlot(slug: "inbox", position: 0), WallSlot(slug: "trip", position: 4),
                        WallSlot(slug: "trip-2", position: 2)]

        let wall = try WallRules.newWall(try change("Trip"), existing: existing)

        #expect(wall == NewWall(slug: "trip-3", name: "Trip", position: 5))
    }

    @Test("A slug asked for is kept when free and refused when another wall has it")
    func askedForSlug() throws {
        let existing = [WallSlot(slug: "inbox", position: 0)]
        #expect(try WallRules.newWall(try change("Reading", slug: "books", position: 0), existing: existing)
            == NewWall(slug: "books", name: "Reading", position: 0))
        #expect(throws: StoreError.slugTaken("inbox")) {
            try WallRules.newWall(try change("Other", slug: "inbox"), existing: existing)
        }
    }

    @Test("A person at the wall limit gets no new wall")
    func wallLimit() throws {
        let full = (0..<Limits.maxWallsPerUser).map { WallSlot(slug: "w\($0)", position: $0) }
        #expect(throws: StoreError.tooManyWalls) { try WallRules.newWall(try change("One more"), existing: full) }
        #expect(try WallRules.newWall(try change("Fits"), existing: Array(full.dropLast())).slug == "fits")
    }

    @Test("A change renames, moves and re-slugs a wall; keeping its own slug is no clash")
    func updatingAWall() throws {
        let current = wall("trip")
        let renamed = try WallRules.updated(current, with: try change("Trip 2026", slug: "trip", position: 3),
                                            taken: ["trip", "inbox"])
        #expect(renamed.name == "Trip 2026")
        #expect(renamed.slug == "trip")
        #expect(renamed.position == 3)
        #expect(throws: StoreError.slugTaken("inbox")) {
            try WallRules.updated(current, with: try change(slug: "inbox"), taken: ["trip", "inbox"])
        }
        #expect(try WallRules.updated(current, with: try change(slug: "journey"), taken: ["trip"]).slug == "journey")
    }

    @Test("Deleting an empty wall needs no disposal; the default wall is never deleted")
    func emptyAndDefaultWalls() throws {
        #expect(try WallDisposalPlan(deleting: wall("empty"), .refuse, items: [], target: nil, holders: [:]).steps.isEmpty)
        #expect(try WallDisposalPlan(deleting: wall("empty"), .moveTo("gone"), items: [], target: nil, holders: [:])
            .steps.isEmpty)
        #expect(throws: StoreError.defaultWallRequired) {
            try WallDisposalPlan(deleting: wall("inbox", isDefault: true), .deleteItems, items: [], target: nil, holders: [:])
        }
    }

    @Test("A wall with items is refused unless told what becomes of them")
    func refusedWhenNotEmpty() throws {
        let items = [DisposedItem(id: UUID(), canonicalURL: nil), DisposedItem(id: UUID(), canonicalURL: "https://a.example/")]
        #expect(throws: StoreError.wallNotEmpty(2)) {
            try WallDisposalPlan(deleting: wall("trip", items: 2), .refuse, items: items, target: nil, holders: [:])
        }
        let deleted = try WallDisposalPlan(deleting: wall("trip", items: 2), .deleteItems, items: items, target: nil, holders: [:])
        #expect(deleted.steps == items.map { .delete($0.id) })
    }

    @Test("Moving items merges each link the target wall holds into its item and moves the rest, in order")
    func movingMergesKnownLinks() throws {
        let target = UUID()
        let holder = UUID()
        let items = [
            DisposedItem(id: UUID(), canonicalURL: "https://a.example/"),
            DisposedItem(id: UUID(), canonicalURL: nil),
            DisposedItem(id: UUID(), canonicalURL: "https://b.example/"),
        ]
        let plan = try WallDisposalPlan(
            deleting: wall("trip", items: 3), .moveTo("inbox"), items: items, target: target,
            holders: ["https://b.example/": holder]
        )
        #expect(plan.target == target)
        #expect(plan.steps == [.move(items[0].id), .move(items[1].id), .merge(items[2].id, into: holder)])
        #expect(WallDisposalPlan.links(of: items) == ["https://a.example/", "https://b.example/"])
    }

    @Test("Moving items to a missing wall or to the wall being deleted is refused")
    func movingNowhere() throws {
        let doomed = wall("trip", items: 1)
        let items = [DisposedItem(id: UUID(), canonicalURL: nil)]
        #expect(throws: StoreError.notFound("wall")) {
            try WallDisposalPlan(deleting: doomed, .moveTo("gone"), items: items, target: nil, holders: [:])
        }
        #expect(throws: StoreError.conflict("Items can't be moved to the wall being deleted.")) {
            try WallDisposalPlan(deleting: doomed, .moveTo("trip"), items: items, target: doomed.id, holders: [:])
        }
    }
}
