import Foundation
import GRDB
import Logging
import WallCore

/// The embedded store: one SQLite file in WAL mode, written by one connection, read by several.
///
/// Durability: `synchronous = FULL`, so a commit is on disk (fsynced) before a write returns; an
/// acknowledged share survives a process crash and a power cut. Shares are written in batches
/// (group commit), so one fsync covers every share that arrived while the previous one ran.
public final class SQLiteStore: WallStore {
    /// Where committed changes are announced.
    public let feed: EventFeed

    let pool: DatabasePool
    let clock: @Sendable () -> Date
    private let logger: Logger
    /// Shares and the job queue's writes, group-committed (`SQLiteWriteQueue`).
    let shareQueue: SQLiteWriteQueue
    let searchIndexer: SQLiteSearchIndexer
    /// The job queue in this file (see `JobQueue`).
    public let jobs: any JobQueue
    /// The jobs new items get (imports use it too, at `.bulk` priority).
    let followUps: FollowUpPolicy

    /// Opens (creating if needed) the database at `path` and brings its schema up to date (as
    /// `migrations` allows); new items get the jobs `followUps` names, in their share's transaction.
    public init(
        path: String, feed: EventFeed = EventFeed(), logger: Logger = Logger(label: "dwall.store"),
        clock: @escaping @Sendable () -> Date = Date.init, followUps: FollowUpPolicy = .none,
        migrations: MigrationPolicy = .upgrade
    ) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Savepoint sub-journals (one per share in a batch) stay in memory, not in temp files.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // 32 MB of page cache per connection (SQLite's default is 2 MB).
            try db.execute(sql: "PRAGMA cache_size = -32768")
            // Checkpoints run on the checkpointer's connection; this is only the safety net.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 20000")
        }
        self.pool = try DatabasePool(path: path, configuration: configuration)
        // GRDB's pool sets the writer to `synchronous = NORMAL` when it turns WAL on, after
        // `prepareDatabase`; NORMAL syncs the WAL only at checkpoints, so a power cut could lose
        // acknowledged shares. Back to FULL: every commit is fsynced before it returns.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        self.feed = feed
        self.logger = logger
        self.clock = clock
        self.followUps = followUps
        try SQLiteMigrations.migrate(pool, path: path, policy: migrations)
        let checkpointer = try SQLiteCheckpointer(path: path, configuration: configuration, logger: logger)
        let searchIndexer = SQLiteSearchIndexer(pool: pool, logger: logger)
        self.searchIndexer = searchIndexer
        let jobSignal = WakeSignal()
        let writer = SQLiteShareWriter(
            pool: pool, feed: feed, clock: clock, checkpointer: checkpointer, searchIndexer: searchIndexer,
            followUps: followUps, jobSignal: jobSignal
        )
        let shareQueue = SQLiteWriteQueue(writer: writer)
        self.shareQueue = shareQueue
        self.jobs = SQLiteJobQueue(writes: shareQueue, pool: pool, clock: clock, signal: jobSignal)
        logger.debug("Opened SQLite store", metadata: ["store.path": "\(path)"])
    }

    /// The current time, to the millisecond.
    var now: Date { clock().roundedToMillis }

    /// Runs `body` in a write transaction and announces its events once it has committed.
    func write<Value: Sendable>(_ body: @escaping @Sendable (Database, inout EventBatch) throws -> Value) async throws -> Value {
        let value = try await pool.write { db in
            var events = EventBatch()
            let value = try body(db, &events)
            events.announce(to: self.feed, after: db)
            return value
        }
        searchIndexer.nudge()
        return value
    }
}

/// Events a transaction wrote, to announce after it commits.
struct EventBatch {
    var entries: [(userID: UUID, event: ItemEvent)] = []
    var isEmpty: Bool { entries.isEmpty }

    mutating func append(userID: UUID, _ event: ItemEvent) { entries.append((userID, event)) }

    /// Publishes the events right after the current transaction commits, on the writer queue, so
    /// the feed sees events in commit order (and never sees a rolled-back one).
    func announce(to feed: EventFeed, after db: Database) {
        guard !entries.isEmpty else { return }
        let entries = self.entries
        db.afterNextTransaction(onCommit: { _ in feed.publish(entries) })
    }
}

/// One share waiting in the group-commit queue.
struct QueuedShare: Sendable {
    var share: ValidShare
    var userID: UUID
}
