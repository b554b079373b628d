import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// A replica whose listening connection is open but never answers its LISTEN (a black hole on
/// the network between the replica and PostgreSQL, `BlackHoleProxy`): the attempt is given up
/// within a check interval or two, the replica listens again on a new connection, and its feed
/// and job workers carry on; a first LISTEN that never completes makes the store refuse to
/// start, and a store stopped meanwhile still stops at once.
@Suite("PostgreSQL listening connection stuck before it listens",
       .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresStuckListenTests {
    static let interval = Duration.milliseconds(250)

    @Test("Job workers are woken again after a LISTEN that never completes, with no event to give it away",
          .timeLimit(.minutes(5)))
    func jobWakeUpsRecover() async throws {
        try await withReplicaBehindProxy { a, b, proxy, database in
            // Given: B's listening connection is cut, and its next LISTEN falls into a black hole.
            try await stickNextListen(of: proxy, database)
            _ = await signalled(b.jobSignal, within: .milliseconds(1))  // wake-ups of earlier LISTENs

            // When: a job is queued through A (a job alone: no event reaches the log).
            _ = try await a.jobs.enqueue([NewJob(kind: .enrich, payload: "while stuck")])

            // Then: B gives the stuck connection up, listens on a new one and wakes its workers.
            #expect(await signalled(b.jobSignal, within: Self.interval * 2 + .seconds(15)), "B's job workers were woken")
            try await waitUntil { proxy.holes.closedByReplica == 1 }
            #expect(proxy.holes == .init(opened: 1, closedByReplica: 1), "the stuck connection was closed, once")
        }
    }

    @Test("Shares made while a LISTEN hangs reach the feed once each, in commit order", .timeLimit(.minutes(5)))
    func feedRecoversInOrder() async throws {
        try await withReplicaBehindProxy { a, b, proxy, database in
            let alice = try await a.newUser()
            let feed = b.feed.subscribe(userID: alice.id)
            try await stickNextListen(of: proxy, database)

            var saved: [UUID] = []
            for number in 1...3 {
                saved.append(try await a.save(linkShare("https://example.com/stuck/\(number)"), for: alice).item.id)
            }
            var delivered = await events(feed, count: saved.count, within: Self.interval * 2 + .seconds(15))
            #expect(delivered.map(\.itemId) == saved, "every share made while stuck, in commit order")

            // Nothing more comes before the next share: none of those was published twice.
            let next = try await a.save(linkShare("https://example.com/stuck/next"), for: alice).item.id
            delivered = await events(feed, count: 1, within: .seconds(15))
            #expect(delivered.map(\.itemId) == [next], "the next event is the next share")
            try await waitUntil { proxy.holes.closedByReplica == 1 }
            #expect(proxy.holes == .init(opened: 1, closedByReplica: 1), "the stuck connection was closed, once")
        }
    }

    @Test("A database slow to answer LISTEN is waited out: each connection given up gives the next twice the time",
          .timeLimit(.minutes(5)))
    func slowListenIsWaitedOut() async throws {
        try await withReplicaBehindProxy { a, b, proxy, database in
            let alice = try await a.newUser()
            let feed = b.feed.subscribe(userID: alice.id)
            // Given: each of B's LISTENs (two per connection) is answered two check intervals
            // late, longer in all than the two intervals a first try gets at most, and B's
            // listening connection is cut.
            proxy.slowListens(by: Self.interval * 2)
            try await cutListeningConnections(of: database)
            _ = await signalled(b.jobSignal, within: .milliseconds(1))  // wake-ups of earlier LISTENs

            // When: shares are made through A while B listens again.
            var saved: [UUID] = []
            for number in 1...3 {
                saved.append(try await a.save(linkShare("https://example.com/slow/\(number)"), for: alice).item.id)
            }

            // Then: B gives its next connections longer and longer, listens, and delivers them.
            let delivered = await events(feed, count: saved.count, within: .seconds(30))
            #expect(delivered.map(\.itemId) == saved, "every share made meanwhile, in commit order")
            #expect(await signalled(b.jobSignal, within: .seconds(5)), "B's job workers were woken after it listened")
            #expect(proxy.slowListenCount > 2, "a try was given up before one listened (\(proxy.slowListenCount) LISTENs)")
        }
    }

    @Test("A replica whose first LISTEN never completes refuses to start with a clear error at its start timeout",
          .timeLimit(.minutes(5)))
    func firstListenNeverCompletes() async throws {
        try await withProxiedDatabase { url, proxy, direct in
            // Migrated beforehand, so the start deadline (shared with the migrations) is spent
            // on the LISTEN, not on migrating under the load of a parallel suite.
            try await migrate(direct)
            // A start timeout shorter than the production one, and far above the check interval.
            let startTimeout = Duration.seconds(6)
            let store = try PostgresStore(
                url: url, maxConnections: 2, relayCheckInterval: Self.interval, startTimeout: startTimeout
            )
            proxy.holdNextListen()
            let started = ContinuousClock.now
            let run = Task { try await store.run() }
            let outcome = await ending(of: run, within: startTimeout + .seconds(30))
            let elapsed = ContinuousClock.now - started

            switch outcome {
            case .some(.failure(let error)):
                #expect(error is StuckListeningConnection, "refused for the LISTEN, not for something else: \(error)")
                #expect("\(error)".contains("LISTEN"), "the error says what hung: \(error)")
            case .some(.success):
                Issue.record("the store ran and stopped by itself instead of refusing to start")
            case nil:
                run.cancel()
                Issue.record("the store neither started nor refused within \(startTimeout + .seconds(30))")
            }
            // Not given up at the check interval: refusing to start is for a LISTEN that can't be had.
            #expect(elapsed >= startTimeout, "given its whole start timeout (took \(elapsed))")
            #expect(elapsed < startTimeout + .seconds(10), "refused at its start timeout, give or take a loaded machine (took \(elapsed))")
            let call = await ending(of: Task { try await store.userCount() }, within: .seconds(5))
            #expect(call.map { (try? $0.get()) == nil } == true, "calls fail rather than wait")
            try await waitUntil { proxy.holes.closedByReplica == 1 }
            #expect(proxy.holes == .init(opened: 1, closedByReplica: 1), "the stuck connection was closed")
        }
    }

    @Test("A store stopped while its LISTEN hangs stops at once, within its grace", .timeLimit(.minutes(5)))
    func stopWhileStuck() async throws {
        try await withProxiedDatabase { url, proxy, direct in
            // Migrated beforehand, so the LISTEN comes soon after the start even under the load
            // of a parallel suite.
            try await migrate(direct)
            // A check interval long enough that the watchdog never gives the LISTEN up first.
            let store = try PostgresStore(url: url, maxConnections: 2, relayCheckInterval: .seconds(600))
            proxy.holdNextListen()
            let run = Task { try await store.run() }
            try await waitUntil { proxy.holes.opened == 1 }
            let waiting = Task { try await store.userCount() }

            let stopping = ContinuousClock.now
            run.cancel()
            let outcome = await ending(of: run, within: Limits.storeStopGrace * 2)
            let elapsed = ContinuousClock.now - stopping

            #expect(outcome != nil, "the store stopped")
            #expect(elapsed < Limits.storeStopGrace, "stopped before its grace ran out, leaving nothing behind (took \(elapsed))")
            switch await ending(of: waiting, within: .seconds(5)) {
            case .some(.failure(let error)):
                #expect(error is StoreStopped, "a call waiting for the store is told it stopped: \(error)")
            default:
                Issue.record("a call waiting for the store was not told it stopped")
            }
            try await waitUntil { proxy.holes.closedByReplica == 1 }
            #expect(proxy.holes == .init(opened: 1, closedByReplica: 1), "the stuck connection was closed")
        }
    }
}

/// Runs `body` with replica A on the test database directly and replica B behind a
/// `BlackHoleProxy`, both running and listening, and a plain client on the database.
private func withReplicaBehindProxy(
    _ body: (PostgresStore, PostgresStore, BlackHoleProxy, TestDatabaseClient) async throws -> Void
) async throws {
    try await withProxiedDatabase { proxied, proxy, direct in
        let a = try PostgresStore(url: direct, maxConnections: 4, relayCheckInterval: PostgresStuckListenTests.interval)
        let b = try PostgresStore(url: proxied, maxConnections: 4, relayCheckInterval: PostgresStuckListenTests.interval)
        let database = try TestDatabaseClient(url: direct)
        try await database.whileRunning {
            try await a.whileRunning {
                try await b.whileRunning {
                    // Both ready (migrated and listening) before the test begins.
                    _ = try await a.userCount()
                    _ = try await b.userCount()
                    try await body(a, b, proxy, database)
                }
            }
        }
    }
}

/// Runs `body` with a fresh database's URL through a new `BlackHoleProxy`, the proxy, and the
/// database's own URL; stops the proxy and drops the database after.
private func withProxiedDatabase(_ body: (String, BlackHoleProxy, String) async throws -> Void) async throws {
    let cleanup = Cleanup()
    do {
        let url = try await TestDatabase.create(cleanup)
        let target = try #require(URLComponents(string: url))
        let proxy = try await BlackHoleProxy(to: try #require(target.host), port: try #require(target.port))
        cleanup.add { try? await proxy.stop() }
        try await body(try proxy.route(url), proxy, url)
    } catch {
        await cleanup.run()
        throw error
    }
    await cleanup.run()
}

/// Arms `proxy` for the next LISTEN, cuts every listening connection of the database (only B's
/// goes through the proxy), and returns once B's new connection has sent its LISTEN into the hole.
private func stickNextListen(of proxy: BlackHoleProxy, _ database: TestDatabaseClient) async throws {
    proxy.holdNextListen()
    try await cutListeningConnections(of: database)
    try await waitUntil { proxy.holes.opened == 1 }
    #expect(proxy.holes.opened == 1, "B's next LISTEN went into the hole")
}

/// Applies every migration to the database at `url`.
private func migrate(_ url: String) async throws {
    let database = try TestDatabaseClient(url: url)
    try await database.whileRunning {
        try await PostgresMigrator.migrate(database.client, logger: database.logger)
    }
}

/// Cuts both replicas' listening connections (PostgreSQL ends their backends).
private func cutListeningConnections(of database: TestDatabaseClient) async throws {
    let cut = try await database.strings("""
        SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%pg_listening_channels%'
        """)
    #expect(cut.count == 2, "both replicas were listening")
}

/// How `task` ended, or nil when it had not within `within` (then it is left to end by itself:
/// a task that ignores cancellation must not hang the test).
private func ending<Value: Sendable>(of task: Task<Value, any Error>, within: Duration) async -> Result<Value, any Error>? {
    let waiter = Locked<CheckedContinuation<Result<Value, any Error>?, Never>?>(nil)
    let settle: @Sendable (Result<Value, any Error>?) -> Void = { outcome in
        waiter.withLock { waiter in
            defer { waiter = nil }
            return waiter
        }?.resume(returning: outcome)
    }
    return await withCheckedContinuation { continuation in
        waiter.withLock { $0 = continuation }
        Task { settle(await task.result) }
        Task {
            try? await Task.sleep(for: within)
            settle(nil)
        }
    }
}
