import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// A batch's plainly new shares, stored by one call that commits by itself
/// (`PostgresNewShares`): the rows it writes are the ones the lone share's path writes, other
/// replicas hear of them, and what it leaves is taken by the batch path.
@Suite("PostgreSQL new shares in one call", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresNewSharesTests {
    @Test("Only the first of a batch's shares with one id, or with one link on one wall, is tried")
    func candidatesAreTheFirstOfEachIdAndLink() throws {
        let (alice, bob) = (UUID(), UUID())
        let id = UUID()
        let jobs: [PostgresQueuedShare] = try [
            (linkShare("https://example.com/a", id: id), alice),     // 0: tried
            (linkShare("https://example.com/b", id: id), alice),     // 1: its id again
            (linkShare("https://example.com/a"), alice),             // 2: its link again, same wall
            (linkShare("https://example.com/a", wall: "trip"), alice), // 3: that link on another wall
            (linkShare("https://example.com/a", id: id), bob),       // 4: another person's
            (textShare("no link"), alice),                            // 5: no link
            (textShare("no link either"), alice),                     // 6: no link, another id
        ].map { share, user in PostgresQueuedShare(share: share, userID: user, document: SearchDocument(share: share)) }
        #expect(PostgresNewShares.candidates(jobs) == [0, 3, 4, 5, 6])
    }

    @Test("A batch stored by the one call has the items, search words, receipts, events and jobs the lone path stores, one by one",
          .timeLimit(.minutes(2)))
    func sameRowsAsTheLonePath() async throws {
        try await withPostgresReplicas(2) { replicas, database in
            let (store, other) = try (#require(replicas[0] as? PostgresStore), #require(replicas[1] as? PostgresStore))
            let (alice, bob) = (try await store.newUser("alice"), try await store.newUser("bob"))
            var trips: [UUID: UUID] = [:]
            for user in [alice, bob] { trips[user.id] = try await store.newWall("Trip", slug: "trip", for: user).id }
            let writer = PostgresShareWriter(
                transactions: store.eventTransactions, clock: { Date() },
                followUps: FollowUpPolicy([.url: [.enrich], .text: ["index"]]), jobSignal: store.jobSignal
            )
            func shares(tripID: UUID?) throws -> [ValidShare] {
                try [
                    linkShare("https://example.com/one?utm_source=x", title: "One \"quoted\"", note: "a note\nwith a line",
                              tags: ["b", "a"], sharedAt: Date(timeIntervalSince1970: 1_700_000_000)),
                    textShare("Grüße aus Köln, naïve café ✓", title: "Unicode"),
                    linkShare("https://example.com/two", wall: "trip", source: .import),
                    linkShare("https://example.com/three", wall: "TRIP"),
                    linkShare("https://example.com/four", wall: tripID?.uuidString),
                ]
            }
            func queued(_ share: ValidShare, _ user: User) -> PostgresWrite {
                .share(PostgresQueuedShare(share: share, userID: user.id, document: SearchDocument(share: share)))
            }
            var heard = other.feed.subscribe(userID: alice.id).makeAsyncIterator()

            // Alice's shares as one batch (the one call); Bob's one by one (the lone path).
            let aliceShares = try shares(tripID: trips[alice.id])
            let batch = try await writer.save(aliceShares.map { queued($0, alice) })
            for share in try shares(tripID: trips[bob.id]) { _ = try await writer.save([queued(share, bob)]) }

            let made = try batch.map { result -> ShareOutcome in
                guard case .success(.share(let outcome)) = result else { throw StoreError.conflict("\(result)") }
                return outcome
            }
            #expect(made.allSatisfy { $0.kind == .created })
            let (aliceRows, bobRows) = (try await rows(of: alice, database), try await rows(of: bob, database))
            #expect(aliceRows == bobRows, "the one call's rows against the lone path's")
            #expect(aliceRows.count == 5)
            let fingerprints = try await database.client.query(
                "SELECT fingerprint FROM share_receipts WHERE user_id = \(alice.id)", logger: database.logger
            )
            var stored: Set<String> = []
            for try await fingerprint in fingerprints.decode(String.self) { stored.insert(fingerprint) }
            #expect(stored == Set(aliceShares.map(\.fingerprint)), "each receipt keeps its share's fingerprint")
            #expect(try await jobs(of: alice, database) == jobs(of: bob, database))
            #expect(try await jobs(of: alice, database).count == 5, "an enrich job per link, one of its own kind for the text")

            // Events in the batch's order, heard by the other replica from the call's notice.
            let events = try await store.allEvents(for: alice)
            #expect(events.map(\.itemId) == made.map(\.item.id) && events.map(\.seq) == events.map(\.seq).sorted())
            var delivered: [UUID] = []
            while delivered.count < made.count, let event = await heard.next() { delivered.append(event.itemId) }
            #expect(delivered == made.map(\.item.id))

            // The same batch again: every share replays its item, through the batch path.
            let again = try await writer.save(aliceShares.map { queued($0, alice) })
            for (result, first) in zip(again, made) {
                guard case .success(.share(let outcome)) = result else {
                    Issue.record("not stored: \(result)")
                    continue
                }
                #expect(outcome.kind == .replayed(duplicate: false) && outcome.item.id == first.item.id)
            }
            #expect(try await rows(of: alice, database).count == 5)
        }
    }

    @Test("When the batch's transaction after the call fails, only its shares fail: the call's shares are answered as stored")
    func failureAfterTheCallFailsOnlyTheRest() async throws {
        try await withPostgresReplicas(1) { replicas, database in
            let store = try #require(replicas[0] as? PostgresStore)
            let alice = try await store.newUser("alice")
            // A shared wall: the call leaves its shares to the batch's transaction.
            try await store.newSharedWall("Shared", slug: "shared", for: alice, member: try await store.newUser("bob"))
            // PostgreSQL refuses one link at commit (a deferred constraint trigger).
            try await database.runAtCommit(
                "refuse_at_commit", on: "https://example.com/refused", "RAISE EXCEPTION 'refused at commit';"
            )
            let writer = PostgresShareWriter(
                transactions: store.eventTransactions, clock: { Date() }, followUps: .none, jobSignal: store.jobSignal
            )
            let kept = try linkShare("https://example.com/kept")
            let refused = try linkShare("https://example.com/refused", wall: "shared")

            let results = try await writer.save([
                .share(PostgresQueuedShare(share: kept, userID: alice.id, document: SearchDocument(share: kept))),
                .share(PostgresQueuedShare(share: refused, userID: alice.id, document: SearchDocument(share: refused))),
            ])

            guard case .success(.share(let outcome)) = results[0] else {
                Issue.record("the stored share was not answered as stored: \(results[0])")
                return
            }
            #expect(outcome.kind == .created)
            #expect(throws: (any Error).self) { try results[1].get() }
            #expect(try await store.allItems(for: alice).compactMap(\.url) == ["https://example.com/kept"])
        }
    }

    /// Everything of a person's items but ids, times and receipts' fingerprints (which name the
    /// wall a share names: each person's Trip has its own id), in sort order.
    private func rows(of user: User, _ database: TestDatabaseClient) async throws -> [String] {
        let found = try await database.client.query("""
            SELECT concat_ws(' | ', i.kind, i.url, i.canonical_url, i.title, i.text, i.note, i.tags::text, i.source, i.state,
                             i.shared_at::text, i.search::text, w.slug, i.created_at = i.updated_at,
                             r.duplicate, r.share_id IS NOT NULL) AS row
            FROM items i JOIN walls w ON w.id = i.wall_id LEFT JOIN share_receipts r ON r.item_id = i.id
            WHERE i.user_id = \(user.id) ORDER BY i.sort_key
            """, logger: database.logger)
        var texts: [String] = []
        for try await text in found.decode(String.self) { texts.append(text) }
        return texts.map { $0.replacingOccurrences(of: user.id.lowercasedText, with: "<user>") }
    }

    /// A person's follow-up jobs, in their items' sort order.
    private func jobs(of user: User, _ database: TestDatabaseClient) async throws -> [String] {
        let found = try await database.client.query("""
            SELECT concat_ws(' | ', j.kind, j.payload, j.priority, j.state, j.attempts, j.user_id = i.user_id) AS row
            FROM jobs j JOIN items i ON i.id = j.item_id WHERE i.user_id = \(user.id) ORDER BY i.sort_key, j.kind
            """, logger: database.logger)
        var texts: [String] = []
        for try await text in found.decode(String.self) { texts.append(text) }
        return texts
    }
}
