import Foundation
import Testing
import WallCore
import WallStore

/// The item count each wall keeps in its row (SQLite `v11`, PostgreSQL `v12`, both by triggers)
/// stays equal to the items actually on the wall through every path that adds, moves or removes
/// one: shares one at a time and many at once, repeats, a member's share, an import, a move, a
/// delete, and a wall's deletion both ways.
@Suite("Wall item counts")
struct WallItemCountStoreTests {
    @Test("Every wall's item count equals the items listed on it, whatever changed it", arguments: StoreFactory.all)
    func countsFollowEveryChange(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser("alice")
            let bob = try await store.newUser("bob")
            _ = try await store.newWall("Reading", for: alice)
            let work = try await store.newWall("Work", for: alice)
            let trip = try await store.newWall("Trip", for: alice)
            _ = try await store.setMember(wallID: trip.id, username: "bob", role: .contributor, userID: alice.id)

            // Many shares at once to three walls, so PostgreSQL writes them in batches.
            let walls = ["inbox", "reading", "work"]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<30 {
                    group.addTask {
                        _ = try await store.save(
                            linkShare("https://example.com/\(index)", wall: walls[index % 3]), for: alice
                        )
                    }
                }
                try await group.waitForAll()
            }
            try await Self.expectCounts(store, alice, ["inbox": 10, "reading": 10, "work": 10, "trip": 0])

            // A repeated link and a replayed share id add nothing; a text and a member's share do.
            let repeated = try linkShare("https://example.com/0/?utm_source=feed")
            let first = try await store.save(repeated, for: alice).item
            _ = try await store.save(repeated, for: alice)
            let passage = try await store.save(textShare("words", wall: "work"), for: alice).item
            _ = try await store.save(linkShare("https://example.com/museum", wall: trip.id.uuidString), for: bob)
            try await Self.expectCounts(store, alice, ["inbox": 10, "reading": 10, "work": 11, "trip": 1])

            // An import to two walls, with a link already on one of them.
            let entries = try (0..<6).map { index in
                try ImportEntry(
                    id: UUID(), contentType: .url, url: "https://import.example/\(index)",
                    wall: index % 2 == 0 ? "reading" : "trip"
                ).validated()
            } + [try ImportEntry(id: UUID(), contentType: .url, url: "https://example.com/1", wall: "reading").validated()]
            _ = try await store.importItems(entries, userID: alice.id, enrich: false)
            try await Self.expectCounts(store, alice, ["inbox": 10, "reading": 13, "work": 11, "trip": 4])

            // A move between walls, a delete.
            _ = try await store.update(first.id, ItemPatch(wall: .set("trip")), for: alice)
            #expect(try await store.deleteItem(id: passage.id, userID: alice.id))
            try await Self.expectCounts(store, alice, ["inbox": 9, "reading": 13, "work": 10, "trip": 5])

            // Removing the member keeps what they added.
            #expect(try await store.removeMember(wallID: trip.id, username: "bob", userID: alice.id))
            try await Self.expectCounts(store, alice, ["inbox": 9, "reading": 13, "work": 10, "trip": 5])

            // A wall deleted with its items moved (one link merging into the target's), then one
            // deleted with its items.
            _ = try await store.save(linkShare("https://example.com/2", wall: "inbox"), for: alice)
            try await store.deleteWall(id: work.id, userID: alice.id, disposal: .moveTo("inbox"))
            try await Self.expectCounts(store, alice, ["inbox": 19, "reading": 13, "trip": 5])
            try await store.deleteWall(id: trip.id, userID: alice.id, disposal: .deleteItems)
            try await Self.expectCounts(store, alice, ["inbox": 19, "reading": 13])
        }
    }

    /// Checks each wall's kept count against `expected` and against a listing of its items.
    static func expectCounts(
        _ store: any WallStore, _ user: User, _ expected: [String: Int],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var kept: [String: Int] = [:]
        var listed: [String: Int] = [:]
        for wall in try await store.walls(userID: user.id) {
            kept[wall.slug] = wall.itemCount
            listed[wall.slug] = try await store.allItems(ItemQuery(wall: wall.slug, limit: 50), for: user).count
        }
        #expect(kept == listed, "kept counts against the items listed", sourceLocation: sourceLocation)
        #expect(kept == expected, sourceLocation: sourceLocation)
    }
}
