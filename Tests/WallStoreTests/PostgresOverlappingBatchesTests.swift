import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// The PostgreSQL writer's overlapping batches: once a batch sends its `COMMIT` the next is
/// started on another connection and waits for the events lock, and the invariants hold across
/// them.
@Suite("PostgreSQL overlapping write batches", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresOverlappingBatchesTests {
    @Test("A batch waits, started, for the lock while the one before commits; events follow seq order, the second batch sees the first's rows, a refused share fails alone",
          .timeLimit(.minutes(2)))
    func overlappingBatchesKeepTheInvariants() async throws {
        try await withPostgresReplicas(1) { replicas, database in
            let store = try #require(replicas[0] as? PostgresStore)
            let alice = try await store.newUser("alice")
            // A shared wall (its events go to its member too): the first batch's `COMMIT` is held by
            // the gate below.
            try await store.newSharedWall("Held", slug: "held", for: alice, member: try await store.newUser("bob"))
            var feed = store.feed.subscribe(userID: alice.id).makeAsyncIterator()
            let firstID = UUID()
            let first = try linkShare("https://example.com/first", id: firstID, wall: "held")
            // The second batch: new links, the first's link under a new id (a duplicate only if it
            // sees the first batch's item), the first's id again (a replay), that id for other
            // content (refused), an unknown wall (refused).
            let second: [ValidShare] = [
                try linkShare("https://example.com/second/1"),
                try linkShare("https://example.com/first", wall: "held"),
                try linkShare("https://example.com/first", id: firstID, wall: "held"),
                try linkShare("https://example.com/other", id: firstID),
                try linkShare("https://example.com/lost", wall: "no-such-wall"),
                try linkShare("https://example.com/second/2"),
            ]
            let third = try linkShare("https://example.com/third")
            let save: @Sendable (ValidShare) -> Task<Result<ShareOutcome, StoreError>, Never> = { share in
                Task {
                    do { return .success(try await store.save(share, for: alice)) } catch let error as StoreError {
                        return .failure(error)
                    } catch {
                        return .failure(.conflict("not a refusal: \(error)"))
                    }
                }
            }

            // A commit gate: the first share's item, checked at commit (a deferred constraint
            // trigger), takes an advisory lock the test holds, so its batch stops in `COMMIT`.
            try await database.runAtCommit(
                "pass_commit_gate", on: "https://example.com/first", "PERFORM pg_advisory_xact_lock(4242);"
            )

            var firstTask: Task<Result<ShareOutcome, StoreError>, Never>?
            var secondTasks: [Task<Result<ShareOutcome, StoreError>, Never>] = []
            var thirdTask: Task<Result<ShareOutcome, StoreError>, Never>?
            try await database.client.withConnection { gateHolder in
                try await gateHolder.query("BEGIN", logger: database.logger)
                try await gateHolder.query("SELECT pg_advisory_xact_lock(4242)", logger: database.logger)
                try await database.client.withConnection { lockHolder in
                    // Given: the events lock held, so the second batch's shares gather behind the first.
                    try await lockHolder.query("BEGIN", logger: database.logger)
                    try await lockHolder.query("SELECT pg_advisory_xact_lock(\(PostgresLocks.events))", logger: database.logger)
                    firstTask = save(first)
                    try await waitUntil { try await database.lockWaits().count == 1 }
                    // One at a time, so the batch holds them in this order (tasks started together
                    // reach the queue in any order).
                    for (index, share) in second.enumerated() {
                        secondTasks.append(save(share))
                        try await waitUntil { store.writeQueue.status.waiting == index + 1 }
                    }
                    #expect(store.writeQueue.status == .init(waiting: second.count, running: 1, leaderChosen: true))
                    try await lockHolder.query("COMMIT", logger: database.logger)
                }

                // When: the first batch is in its COMMIT, the second is started beside it and waits
                // for the events lock in PostgreSQL (it hands off only as it sends its own
                // `COMMIT`, so no next batch gathers yet); a third can't start.
                try await waitUntil {
                    let waits = try await database.lockWaits()
                    return waits.count == 2 && waits[0] == "COMMIT" && waits[1].contains("pg_advisory_xact_lock")
                }
                // (Two batches run, so no third starts.)
                #expect(store.writeQueue.status == .init(waiting: 0, running: 2, leaderChosen: true))
                thirdTask = save(third)
                try await waitUntil { store.writeQueue.status.waiting == 1 }
                #expect(store.writeQueue.status == .init(waiting: 1, running: 2, leaderChosen: true))
                try await gateHolder.query("COMMIT", logger: database.logger)
            }

            // Then: each share gets its own outcome.
            let made = try #require(try await firstTask?.value.get())
            #expect(made.kind == .created)
            var outcomes: [Result<ShareOutcome, StoreError>] = []
            for task in secondTasks { outcomes.append(await task.value) }
            #expect(try outcomes[0].get().kind == .created)
            #expect(try outcomes[1].get().kind == .duplicate && outcomes[1].get().item.id == made.item.id)
            #expect(try outcomes[2].get().kind == .replayed(duplicate: false) && outcomes[2].get().item.id == made.item.id)
            #expect(outcomes[3].refusal?.isConflict == true, "\(outcomes[3])")
            #expect(outcomes[4].refusal == .notFound("wall"), "\(outcomes[4])")
            #expect(try outcomes[5].get().kind == .created)
            let last = try #require(try await thirdTask?.value.get())
            #expect(last.kind == .created)

            // The log numbers the batches' events in their commit order, and the feed delivers
            // every one once, in that order: the second batch's events after the first's item and
            // before the third's (its transaction waited for the lock first), and among
            // themselves in the order its shares came: a new item, the duplicate's move, a new item.
            let events = try await store.allEvents(for: alice)
            let firstSeq = try #require(events.first { $0.itemId == made.item.id && $0.type == .created }?.seq)
            let newSeqs = events.filter { [outcomes[0], outcomes[5]].compactMap { try? $0.get().item.id }.contains($0.itemId) }
                .map(\.seq)
            let moveSeqs = events.filter { $0.itemId == made.item.id && $0.seq != firstSeq }.map(\.seq)
            let thirdSeq = try #require(events.first { $0.itemId == last.item.id }?.seq)
            #expect(newSeqs.count == 2 && moveSeqs.count == 1, "two new items and the duplicate's move")
            #expect(newSeqs.allSatisfy { firstSeq < $0 && $0 < thirdSeq })
            #expect(moveSeqs.allSatisfy { newSeqs.min()! < $0 && $0 < newSeqs.max()! && $0 < thirdSeq })
            var delivered: [Int64] = []
            while delivered.count < events.count, let event = await feed.next() { delivered.append(event.seq) }
            #expect(delivered == events.map(\.seq))
            #expect(try await store.allItems(for: alice).compactMap(\.url).sorted() == [
                "https://example.com/first", "https://example.com/second/1", "https://example.com/second/2",
                "https://example.com/third",
            ])
        }
    }
}

extension Result where Failure == StoreError {
    /// The refusal of a failure, nil for a success.
    fileprivate var refusal: StoreError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
