import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// A writer that does not take the events lock (an import) may store a link after a batch's
/// lookup and before its insert: the link index turns the share's new item away, and the share
/// is looked up and planned again, in the same transaction, as a duplicate of that item.
@Suite("PostgreSQL link race with an import", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresLinkRaceTests {
    @Test("A share whose link another writer stores meanwhile merges into that item", .timeLimit(.minutes(5)))
    func shareMergesIntoTheRacingItem() async throws {
        try await withPostgresReplicas(1) { replicas, database in
            let store = try #require(replicas[0] as? PostgresStore)
            let alice = try await store.newUser("alice")
            let link = "https://example.com/raced"
            let wallID = try #require(try await store.walls(userID: alice.id).first { $0.isDefault }?.id)
            let racerID = UUID()
            let share = try linkShare(link, note: "from the share")
            var shared: Task<ShareOutcome, any Error>?
            try await database.client.withConnection { racer in
                // Given: the link's item inserted by another transaction, not yet committed.
                try await racer.query("BEGIN", logger: database.logger)
                try await racer.query("""
                    INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, source, state, created_at,
                                       updated_at, sort_key, search)
                    VALUES (\(racerID), \(alice.id), \(wallID), 'url', \(link), \(link), 'import', 'ready', now(), now(),
                            nextval('events_seq'), ''::tsvector)
                    """, logger: database.logger)
                // When: the share's lookup misses it and its insert waits on the link index.
                shared = Task { try await store.save(share, for: alice) }
                try await waitUntil { try await database.lockWaits().contains { $0.contains("INSERT INTO items") } }
                try await racer.query("COMMIT", logger: database.logger)
            }
            // Then: the share is a duplicate of the racing item, merged, and nothing else was made.
            let outcome = try #require(try await shared?.value)
            #expect(outcome.kind == .duplicate)
            #expect(outcome.item.id == racerID)
            #expect(outcome.item.userNote == "from the share")
            #expect(try await store.allItems(for: alice).map(\.id) == [racerID])
        }
    }
}
