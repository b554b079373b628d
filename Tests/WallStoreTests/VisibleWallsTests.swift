import Foundation
import Testing
import WallCore
@testable import WallStore

/// How the walls a person may list are put together, on plain values: their own in their
/// order, then the shared ones by owner, each marked with its owner and the person's role.
@Suite("Visible walls")
struct VisibleWallsTests {
    let now = Date(timeIntervalSince1970: 1_767_000_000)

    private func wall(_ slug: String, position: Int, age: TimeInterval = 0, isDefault: Bool = false) -> Wall {
        Wall(
            id: UUID(), slug: slug, name: slug.capitalized, isDefault: isDefault, position: position, itemCount: 0,
            createdAt: now.addingTimeInterval(-age)
        )
    }

    @Test("Own walls come first by position, the older first on a tie; shared walls follow")
    func ownWallsFirstInTheirOrder() {
        let own = [wall("later", position: 1), wall("inbox", position: 0, isDefault: true),
                   wall("older", position: 1, age: 60)]
        let shared = [SharedWallRow(wall: wall("trip", position: 0), owner: "alice", role: .viewer)]

        let listed = VisibleWalls.listing(own: own, shared: shared)

        #expect(listed.map(\.slug) == ["inbox", "older", "later", "trip"])
        #expect(listed.prefix(3).allSatisfy { $0.owner == nil && $0.role == nil })
    }

    @Test("Shared walls are grouped by owner whatever the name's case, each in its owner's order")
    func sharedWallsByOwner() {
        let shared = [
            SharedWallRow(wall: wall("zoo", position: 1), owner: "Alice", role: .editor),
            SharedWallRow(wall: wall("books", position: 0), owner: "bob", role: .viewer),
            SharedWallRow(wall: wall("trip", position: 0), owner: "Alice", role: .contributor),
            SharedWallRow(wall: wall("class", position: 2), owner: "anna", role: .viewer),
        ]

        let listed = VisibleWalls.listing(own: [], shared: shared)

        #expect(listed.map(\.slug) == ["trip", "zoo", "class", "books"])
        #expect(listed.map(\.owner) == ["Alice", "Alice", "anna", "bob"])
        #expect(listed.map(\.role) == [.contributor, .editor, .viewer, .viewer])
    }

    @Test("A shared wall is never the person's default, even when it is its owner's")
    func sharedWallIsNeverDefault() {
        let row = SharedWallRow(wall: wall("inbox", position: 0, isDefault: true), owner: "alice", role: .contributor)

        let seen = VisibleWalls.seen(row)

        #expect(seen.isDefault == false)
        #expect(seen.owner == "alice")
        #expect(seen.role == .contributor)
        #expect(seen.ref == seen.id.lowercasedText)
    }

    @Test("One wall a member asks for is its row among those shared with them, as they see it; another is none")
    func oneSharedWall() {
        let trip = wall("trip", position: 0, isDefault: true), books = wall("books", position: 1)
        let rows = [SharedWallRow(wall: books, owner: "bob", role: .viewer),
                    SharedWallRow(wall: trip, owner: "alice", role: .editor)]
        let person = UUID()

        let seen = VisibleWalls.shared(WallAccess(wallID: trip.id, ownerID: UUID(), actorID: person, role: .editor), in: rows)

        #expect(seen?.id == trip.id)
        #expect(seen?.owner == "alice" && seen?.role == .editor)
        #expect(seen?.isDefault == false)
        #expect(VisibleWalls.shared(WallAccess(wallID: UUID(), ownerID: UUID(), actorID: person, role: .viewer), in: rows)
            == nil)
    }
}
