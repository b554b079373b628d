import Foundation
import PostgresNIO
import Testing
import WallCore
import WallStore

/// What only PostgreSQL has to get right: several stores (replicas) on one database, starting
/// together, sharing one log and feeding each other's streams, and the unique index as the
/// last word on a link.
@Suite("PostgreSQL replicas", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresReplicaTests {
    @Test("Replicas starting at once on a new database apply each migration once")
    func concurrentStartsMigrateOnce() async throws {
        try await withPostgresReplicas(4) { replicas, database in
            let alice = try await replicas[0].newUser()
            for replica in replicas {
                #expect(try await replica.user(id: alice.id) == alice)
            }
            let names = try await database.strings("SELECT name FROM dwall_migrations ORDER BY name")
            #expect(names == Set(names).sorted(), "each migration is recorded once")
            #expect(names.contains("v1-core"))
        }
    }

    @Test("A share through one replica reaches the other's feed, with its item", .timeLimit(.minutes(5)))
    func feedCrossesReplicas() async throws {
        try await withPostgresReplicas(2) { replicas, _ in
            let (a, b) = (replicas[0], replicas[1])
            let alice = try await a.newUser()
            var seenOnB = b.feed.subscribe(userID: alice.id).makeAsyncIterator()
            var seenOnA = a.feed.subscribe(userID: alice.id).makeAsyncIterator()

            let created = try await a.save(linkShare("https://example.com/across", title: "Across"), for: alice).item
            let edited = try await b.update(created.id, ItemPatch(title: .set("Edited on B")), for: alice)

            let first = try #require(await seenOnB.next())
            #expect(first.type == .created)
            #expect(first.itemId == created.id)
            let second = try #require(await seenOnB.next())
            #expect(second.type == .updated)
            #expect(second.item == edited)
            // A sees both too, in the same (commit) order.
            #expect(try #require(await seenOnA.next()).seq == first.seq)
            #expect(try #require(await seenOnA.next()) == second)
        }
    }

    @Test("Concurrent shares of one link through two replicas make one item")
    func concurrentLinkAcrossReplicas() async throws {
        try await withPostgresReplicas(2) { replicas, _ in
            let alice = try await replicas[0].newUser()
            let outcomes = try await withThrowingTaskGroup(of: ShareOutcome.self) { group in
                for number in 1...40 {
                    let replica = replicas[number % 2]
                    group.addTask { try await replica.save(linkShare("https://example.com/hot?utm_source=\(number)"), for: alice) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0.kind == .created }.count == 1)
            #expect(Set(outcomes.map(\.item.id)).count == 1)
            #expect(try await replicas[1].allItems(for: alice).count == 1)
        }
    }

    @Test("A link stored by a writer outside the events lock turns the share into a duplicate", .timeLimit(.minutes(5)))
    func uniqueIndexIsTheLastWord() async throws {
        try await withPostgresReplicas(1) { replicas, database in
            let store = replicas[0]
            let alice = try await store.newUser()
            let inbox = try await store.wall(slug: "inbox", of: alice)
            let share = try linkShare("https://example.com/raced", note: "mine")
            let rivalID = UUID()

            try await database.client.withConnection { rival in
                // Given: another writer has inserted the link and not committed yet.
                try await rival.query("BEGIN", logger: database.logger)
                try await rival.query("""
                    INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, source, state, created_at,
                                       updated_at, sort_key, search)
                    VALUES (\(rivalID), \(alice.id), \(inbox.id), 'url', 'https://example.com/raced',
                            \(share.canonicalURL), 'api', 'ready', now(), now(), nextval('events_seq'), ''::tsvector)
                    """, logger: database.logger)
                // When: the store saves the same link; its insert waits on the unique index.
                try await withThrowingTaskGroup(of: ShareOutcome.self) { group in
                    group.addTask { try await store.save(share, for: alice) }
                    try await database.waitForALockWaiter()
                    try await rival.query("COMMIT", logger: database.logger)
                    let outcome = try #require(try await group.next())
                    // Then: the share is the duplicate of the rival's item, not an error or a second item.
                    #expect(outcome.kind == .duplicate)
                    #expect(outcome.item.id == rivalID)
                    #expect(outcome.item.userNote == "mine")
                }
            }
            #expect(try await store.itemIDs(for: alice) == [rivalID])
            #expect(try await store.save(share, for: alice).kind == .replayed(duplicate: true))
        }
    }

    @Test("After losing its notifications, a replica catches up from the log", .timeLimit(.minutes(5)))
    func relayCatchesUpAfterALostConnection() async throws {
        try await withPostgresReplicas(2) { replicas, database in
            let (a, b) = (replicas[0], replicas[1])
            let alice = try await a.newUser()
            var seenOnB = b.feed.subscribe(userID: alice.id).makeAsyncIterator()

            // When: every listening connection is cut, and shares are made right after.
            let cut = try await database.strings("""
                SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%pg_listening_channels%'
                """)
            #expect(cut.count == 2, "both replicas were listening")
            var saved: [UUID] = []
            for number in 1...5 {
                saved.append(try await a.save(linkShare("https://example.com/after-cut/\(number)"), for: alice).item.id)
            }

            // Then: B delivers all of them, in order, once.
            var delivered: [UUID] = []
            while delivered.count < saved.count, let event = await seenOnB.next() { delivered.append(event.itemId) }
            #expect(delivered == saved)
        }
    }

    @Test("Two replicas writing at once number their events in commit order: each feed gets every event once, in order",
          .timeLimit(.minutes(2)))
    func eventsFollowCommitOrderAcrossReplicas() async throws {
        try await withPostgresReplicas(2) { replicas, _ in
            let (a, b) = (replicas[0], replicas[1])
            let alice = try await a.newUser()
            var feeds = [a.feed.subscribe(userID: alice.id).makeAsyncIterator(), b.feed.subscribe(userID: alice.id).makeAsyncIterator()]

            // When: both replicas take shares at once, new links and links the other one stores too.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 1...80 {
                    let replica = replicas[number % 2]
                    let link = number % 4 < 2 ? "https://example.com/both/\(number / 4)" : "https://example.com/own/\(number)"
                    group.addTask { _ = try await replica.save(linkShare(link), for: alice) }
                }
                try await group.waitForAll()
            }

            // Then: the log holds one event per share, and each feed delivers all of them in seq
            // order. (A seq drawn before an earlier one committed would be skipped by the feeds,
            // which read each notice's events up to its highest seq.)
            let logged = try await a.allEvents(for: alice).map(\.seq)
            #expect(logged.count == 80)
            for index in feeds.indices {
                var delivered: [Int64] = []
                while delivered.count < logged.count, let event = await feeds[index].next() { delivered.append(event.seq) }
                #expect(delivered == logged, "replica \(index)'s feed")
            }
        }
    }
}

/// Runs `body` with `count` stores on one fresh database, started together (each with a query
/// pool of `maxConnections`), and a plain client on that database.
func withPostgresReplicas(
    _ count: Int, maxConnections: Int = 4, relayCheckInterval: Duration = Limits.relayCheckInterval,
    _ body: ([any WallStore], TestDatabaseClient) async throws -> Void
) async throws {
    let cleanup = Cleanup()
    do {
        let url = try await TestDatabase.create(cleanup)
        let replicas = try (0..<count).map { _ in
            try PostgresStore(url: url, maxConnections: maxConnections, relayCheckInterval: relayCheckInterval) as any WallStore
        }
        let database = try TestDatabaseClient(url: url)
        try await database.whileRunning {
            try await runningAll(replicas[...]) {
                // Every replica ready (migrated and listening) before the test begins.
                for replica in replicas { _ = try await replica.userCount() }
                try await body(replicas, database)
            }
        }
    } catch {
        await cleanup.run()
        throw error
    }
    await cleanup.run()
}

private func runningAll(_ stores: ArraySlice<any WallStore>, _ body: () async throws -> Void) async throws {
    guard let first = stores.first else { return try await body() }
    try await first.whileRunning { try await runningAll(stores.dropFirst(), body) }
}
