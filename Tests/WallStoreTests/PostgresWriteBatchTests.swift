import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// The PostgreSQL writer's batches: shares and other changes (enrichment results) in one
/// transaction, where a change PostgreSQL refuses fails alone.
@Suite("PostgreSQL write batches", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresWriteBatchTests {
    @Test("A change PostgreSQL refuses rolls back alone; the shares and the change in its batch are stored")
    func refusedChangeFailsAlone() async throws {
        try await StoreFactory.postgres.withStore { anyStore in
            let store = try #require(anyStore as? PostgresStore)
            let alice = try await store.newUser()
            let first = try linkShare("https://example.com/batch/1")
            let second = try linkShare("https://example.com/batch/2")
            let writer = PostgresShareWriter(
                transactions: store.eventTransactions, clock: { Date() }, followUps: .none, jobSignal: store.jobSignal
            )
            let kept = try await store.save(try linkShare("https://example.com/batch/kept"), for: alice).item

            let results = try await writer.save([
                .share(PostgresQueuedShare(share: first, userID: alice.id, document: SearchDocument(share: first))),
                .change { connection, _ in
                    // A NUL byte is not text to PostgreSQL: the statement fails, and so would the
                    // whole transaction without the change's savepoint.
                    try await connection.query("UPDATE items SET note = \("a\u{0}b") WHERE id = \(kept.id)", logger: store.logger)
                    return 0
                },
                .change { connection, events in
                    try await connection.query("UPDATE items SET note = 'changed' WHERE id = \(kept.id)", logger: store.logger)
                    try await events.record(.updated, item: kept, userID: alice.id, at: Date(), connection, logger: store.logger)
                    return 1
                },
                .share(PostgresQueuedShare(share: second, userID: alice.id, document: SearchDocument(share: second))),
            ])

            #expect(results.count == 4)
            guard case .success(.share(let made)) = results[0], case .success(.share(let alsoMade)) = results[3] else {
                Issue.record("the shares were not stored: \(results)")
                return
            }
            #expect(made.kind == .created && alsoMade.kind == .created)
            #expect(throws: (any Error).self) { try results[1].get() }
            guard case .success(.change(let value)) = results[2] else {
                Issue.record("the good change failed: \(results[2])")
                return
            }
            #expect(value as? Int == 1)
            let items = try await store.allItems(for: alice)
            #expect(Set(items.compactMap(\.url)) == Set([first.url, second.url, "https://example.com/batch/kept"]))
            #expect(items.first { $0.id == kept.id }?.userNote == "changed")
            #expect(try await store.allEvents(for: alice).count == 4, "three created, one updated")
        }
    }
}
