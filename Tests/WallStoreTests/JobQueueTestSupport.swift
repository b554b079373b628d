import Foundation
import GRDB
import PostgresNIO
import Testing
import WallCore
import WallStore

/// One kind of store for the job queue suite: like `StoreFactory`, with a clock the test moves,
/// a follow-up policy, and plain SQL on the same database for what the store does not offer.
struct JobStoreFactory: Sendable, CustomTestStringConvertible {
    /// A store under test and its surroundings.
    struct Opened: Sendable {
        let store: any WallStore
        /// Runs SQL on the store's database from another connection.
        let execute: @Sendable (String) async throws -> Void
        /// Opens another store on the same database (another process's, another replica's).
        let reopen: @Sendable (_ clock: @escaping @Sendable () -> Date) throws -> any WallStore
        /// How a worker process reaches the same database: `sqlite PATH` or `postgres URL`.
        let location: [String]
    }

    let name: String
    let make: @Sendable (Cleanup, JobClock, FollowUpPolicy) async throws -> Opened

    var testDescription: String { name }

    static let all: [JobStoreFactory] = TestDatabase.serverURL == nil ? [.sqlite] : [.sqlite, .postgres]

    static let sqlite = JobStoreFactory(name: "SQLite") { cleanup, clock, followUps in
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("jobqueue-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        cleanup.add { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("wall.sqlite").path
        let store = try SQLiteStore(path: path, clock: { clock.now() }, followUps: followUps)
        return Opened(
            store: store,
            execute: { sql in try DatabaseQueue(path: path).write { try $0.execute(sql: sql) } },
            reopen: { clock in try SQLiteStore(path: path, clock: clock) },
            location: ["sqlite", path]
        )
    }

    static let postgres = JobStoreFactory(name: "PostgreSQL") { cleanup, clock, followUps in
        let url = try await TestDatabase.createMigrated(cleanup)
        let store = try PostgresStore(url: url, maxConnections: 4, clock: { clock.now() }, followUps: followUps)
        return Opened(
            store: store,
            execute: { sql in
                let client = PostgresClient(configuration: try PostgresURL.configuration(url))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await client.run() }
                    defer { group.cancelAll() }
                    for try await _ in try await client.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test")) {}
                }
            },
            reopen: { clock in try PostgresStore(url: url, maxConnections: 4, clock: clock) },
            location: ["postgres", url]
        )
    }

    /// Runs `body` with a fresh store (running) and cleans up afterwards.
    func withStore(
        followUps: FollowUpPolicy = .none, clock: JobClock = JobClock(),
        _ body: (Opened, JobClock) async throws -> Void
    ) async throws {
        let cleanup = Cleanup()
        do {
            let opened = try await make(cleanup, clock, followUps)
            try await opened.store.whileRunning { try await body(opened, clock) }
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }
}

/// A clock the test moves: each reading is one millisecond after the last (so jobs enqueued
/// one after another have distinct times), and `advance` jumps ahead.
final class JobClock: Sendable {
    private let millis = Locked<Int64>(1_767_225_600_000)  // 2026-01-01T00:00:00Z

    /// The current time; the next reading is one millisecond later.
    func now() -> Date {
        let current = millis.withLock { value in
            defer { value += 1 }
            return value
        }
        return Date(timeIntervalSince1970: Double(current) / 1000)
    }

    /// Moves the clock on.
    func advance(_ duration: Duration) {
        millis.withLock { $0 += Int64(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000) }
    }
}

extension JobQueue {
    /// Claims for one worker with the default lease and retry policy of the tests.
    func claim(
        _ kinds: Set<JobKind> = [.enrich], owner: String = "worker-a", limit: Int = 10, lease: Duration = .seconds(30),
        retry: JobRetryPolicy = .tests
    ) async throws -> [Job] {
        try await claim(kinds: kinds, owner: owner, limit: limit, lease: lease, retry: retry)
    }

    /// Every job, in any state.
    func all() async throws -> [Job] { try await jobs(state: nil, limit: 10_000) }
}

extension JobRetryPolicy {
    /// Three claims; waits of 10 s, then 15 s (the cap).
    static let tests = JobRetryPolicy(maxAttempts: 3, base: .seconds(10), cap: .seconds(15))
}
