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

    @Test("A batch of every outcome is answered share by share, and each feed gets its events once, in order",
          .timeLimit(.minutes(2)))
    func mixedBatchThroughOneLookupAndOneWrite() async throws {
        try await WriterScene.run { scene in
            let (alice, bob, trip, storedID) = (scene.alice, scene.bob, scene.trip, scene.storedID)
            let newID = UUID()
            let shares: [(ValidShare, UUID)] = [
                (try linkShare("https://example.com/new", id: newID), alice.id),                  // created
                (try linkShare("https://example.com/new"), alice.id),                             // duplicate in the batch
                (try linkShare("https://example.com/stored", note: "again"), alice.id),           // duplicate of a stored item
                (try linkShare("https://example.com/stored", id: storedID), alice.id),            // replay of a stored id
                (try linkShare("https://example.com/other", id: storedID), alice.id),             // that id, other content
                (try linkShare("https://example.com/lost", wall: "no-such-wall"), alice.id),      // unknown wall
                (try linkShare("https://example.com/trip", wall: trip.id.uuidString), bob.id),   // a member, shared wall
                (try linkShare("https://example.com/new", id: newID), alice.id),                  // replay in the batch
            ]

            let results = try await scene.writer.save(shares.map { share, user in
                .share(PostgresQueuedShare(share: share, userID: user, document: SearchDocument(share: share)))
            })

            let outcomes = results.map { result -> Result<ShareOutcome, StoreError> in
                switch result {
                case .success(.share(let outcome)): .success(outcome)
                case .failure(let error as StoreError): .failure(error)
                default: .failure(.conflict("unexpected \(result)"))
                }
            }
            let created = try #require(try? outcomes[0].get())
            #expect(created.kind == .created)
            #expect(try outcomes[1].get().kind == .duplicate && outcomes[1].get().item.id == created.item.id)
            #expect(try outcomes[2].get().kind == .duplicate && outcomes[2].get().item.id == scene.stored.id)
            #expect(try outcomes[3].get().kind == .replayed(duplicate: false))
            #expect(outcomes[4].failure?.isConflict == true)
            #expect(outcomes[5].failure == .notFound("wall"))
            let onTrip = try outcomes[6].get()
            #expect(onTrip.kind == .created && onTrip.item.wallId == trip.id && onTrip.item.addedBy == "bob")
            #expect(try outcomes[7].get().kind == .replayed(duplicate: false) && outcomes[7].get().item.id == created.item.id)

            // Events: the new item, its duplicate, the stored item's move, and the card on Trip
            // (announced by the batch's write, then by the transaction's end).
            try await scene.expectFeedsDeliverAliceEvents(count: 4)
            #expect(try await scene.aliceLinks()
                == ["https://example.com/new", "https://example.com/stored", "https://example.com/trip"])
        }
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
