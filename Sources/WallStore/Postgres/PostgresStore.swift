import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import WallCore

/// The scale-out store: PostgreSQL through a `PostgresClient` pool, shared by any number of
/// `dwall serve` replicas.
///
/// It is a `Service`: `run()` runs the connection pool, applies the migrations (under an
/// advisory lock, so replicas starting together don't race), and relays committed events from
/// every replica to this one's `feed` (LISTEN/NOTIFY, on one connection of its own that also
/// wakes the job workers: `PostgresListener`). Calls made before the migrations are applied wait
/// for them.
///
/// Every transaction that writes events first takes one advisory lock (`PostgresLocks.events`),
/// so event numbers, which are also the wall's sort keys, are handed out in commit order: the
/// event log can be read "after seq N" without gaps, as with SQLite's single writer. Shares are
/// group-committed: while one batch commits, new shares queue and the next batch takes them all.
public final class PostgresStore: WallStore, Service {
    /// Where committed changes are announced, in commit order, from every replica.
    public let feed: EventFeed

    let client: PostgresClient
    /// Holds the one listening connection, apart from `client`'s pool.
    let listeningClient: PostgresClient
    let clock: @Sendable () -> Date
    let logger: Logger
    /// Tells this replica's own notifications from the others'.
    let origin = UUID()
    let ready = ReadyLatch()
    let relay: PostgresEventRelay
    let listener: PostgresListener
    let eventTransactions: PostgresEventTransactions
    let jobSignal = WakeSignal()
    /// The job queue in this database, shared with every replica (see `JobQueue`).
    public let jobs: any JobQueue
    /// The jobs new items get (imports use it too, at `.bulk` priority).
    let followUps: FollowUpPolicy
    /// Shares and enrichment results, group-committed (see `PostgresWriteQueue`).
    let writeQueue: PostgresWriteQueue
    /// How long `run()` has, from its start, to migrate and first listen.
    let startTimeout: Duration
    /// Whether `run()` may upgrade the schema.
    let migrations: MigrationPolicy

    /// Makes a store for the database at `url` (`postgres://user:password@host:port/database`);
    /// nothing is connected until `run()`. New items get the jobs `followUps` names, in their
    /// share's transaction. `maxConnections` bounds the query pool; one more connection listens.
    /// The relay checks its listening connection still hears every `relayCheckInterval`. `run()`
    /// throws unless migrated (as `migrations` allows) and listening within `startTimeout`.
    public convenience init(
        url: String, feed: EventFeed = EventFeed(), logger: Logger = Logger(label: "dwall.store"),
        maxConnections: Int = Limits.databaseConnectionsPerReplica, clock: @escaping @Sendable () -> Date = Date.init,
        followUps: FollowUpPolicy = .none, relayCheckInterval: Duration = Limits.relayCheckInterval,
        startTimeout: Duration = Limits.databaseStartTimeout, migrations: MigrationPolicy = .upgrade
    ) throws {
        var configuration = try PostgresURL.configuration(url)
        configuration.options.maximumConnections = maxConnections
        self.init(
            configuration: configuration, feed: feed, logger: logger, clock: clock, followUps: followUps,
            relayCheckInterval: relayCheckInterval, startTimeout: startTimeout, migrations: migrations
        )
    }

    /// Makes a store with a client configuration of your own (its `maximumConnections` bounds
    /// the query pool; the listening connection is opened beside it with the same settings).
    public init(
        configuration: PostgresClient.Configuration, feed: EventFeed = EventFeed(),
        logger: Logger = Logger(label: "dwall.store"), clock: @escaping @Sendable () -> Date = Date.init,
        followUps: FollowUpPolicy = .none, relayCheckInterval: Duration = Limits.relayCheckInterval,
        startTimeout: Duration = Limits.databaseStartTimeout, migrations: MigrationPolicy = .upgrade
    ) {
        self.startTimeout = startTimeout
        self.migrations = migrations
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        var listening = configuration
        listening.options.minimumConnections = 0
        listening.options.maximumConnections = 1
        self.listeningClient = PostgresClient(configuration: listening, backgroundLogger: logger)
        self.feed = feed
        self.logger = logger
        self.clock = clock
        self.followUps = followUps
        let relay = PostgresEventRelay(client: client, feed: feed, origin: origin, logger: logger)
        self.relay = relay
        self.listener = PostgresListener(
            client: listeningClient, relay: relay, jobSignal: jobSignal, checkInterval: relayCheckInterval, logger: logger
        )
        let transactions = PostgresEventTransactions(client: client, relay: relay, origin: origin, logger: logger)
        self.eventTransactions = transactions
        self.jobs = PostgresJobQueue(client: client, clock: clock, logger: logger, ready: ready, signal: jobSignal)
        let writer = PostgresShareWriter(
            transactions: transactions, clock: clock, followUps: followUps, jobSignal: jobSignal
        )
        self.writeQueue = PostgresWriteQueue(writer: writer)
    }

    /// Runs the pools, migrates, then listens (relaying events, waking job workers) until
    /// graceful shutdown or cancellation.
    /// Cancelled, it waits at most `Limits.storeStopGrace` for the pools and the listener to
    /// end (see `BoundedStop`).
    public func run() async throws {
        let logger = logger
        try await BoundedStop.run(
            grace: Limits.storeStopGrace,
            onOverrun: {
                logger.error(
                    "The PostgreSQL store's connections and listeners did not stop in time; leaving them behind",
                    metadata: ["grace": "\(Limits.storeStopGrace)"]
                )
            },
            { try await self.runUntilStopped() }
        )
    }

    private func runUntilStopped() async throws {
        // The pools run apart from this task's graceful shutdown and cancellation, and stop only
        // once the listener has ended: a lease asked of a pool whose run has ended waits for
        // ever, even cancelled, and the listener's watchdog queries until it ends.
        let pools = [client, listeningClient].map { client in Task.detached { await client.run() } }
        do {
            let startDeadline = ContinuousClock.now + startTimeout
            try await migrate(by: startDeadline)
            let listenDeadline = Self.firstListenDeadline(startDeadline: startDeadline, migratedAt: .now)
            try await cancelWhenGracefulShutdown {
                try await self.listener.run(startDeadline: listenDeadline, onListening: { self.ready.open() })
            }
            ready.fail(StoreStopped())
        } catch {
            ready.fail(error)
            await Self.stop(pools)
            throw error
        }
        await Self.stop(pools)
    }

    /// When a replica's first LISTEN must be in place: the start deadline, or, after migrations
    /// that took nearly all of it, `Limits.firstListenGrace` after they ended.
    static func firstListenDeadline(
        startDeadline: ContinuousClock.Instant, migratedAt: ContinuousClock.Instant
    ) -> ContinuousClock.Instant {
        max(startDeadline, migratedAt + Limits.firstListenGrace)
    }

    private static func stop(_ pools: [Task<Void, Never>]) async {
        for pool in pools { pool.cancel() }
        for pool in pools { await pool.value }
    }

    /// Applies the migrations, giving up when the database can't be reached by `deadline` (the
    /// pool would otherwise keep trying, and the server would start without a store).
    private func migrate(by deadline: ContinuousClock.Instant) async throws {
        let timeout = startTimeout
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await PostgresMigrator.migrate(self.client, logger: self.logger, policy: self.migrations) }
            group.addTask {
                try await Task.sleep(until: deadline)
                throw DatabaseUnreachable(timeout: timeout)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// For tests: makes the listening connection silently deaf (see `PostgresListener.deafen`);
    /// returns its backend's pid.
    func deafenListeningConnection() async throws -> Int {
        try await listener.deafen()
    }

    /// The current time, to the millisecond.
    var now: Date { clock().roundedToMillis }

    // MARK: Shares

    public func saveShare(_ share: ValidShare, userID: UUID) async throws -> ShareOutcome {
        try await ready.wait()
        return try await writeQueue.submit(PostgresQueuedShare(share: share, userID: userID, document: SearchDocument(share: share)))
    }
}

/// The database did not answer at start.
public struct DatabaseUnreachable: Error, CustomStringConvertible {
    /// How long the store waited.
    public var timeout: Duration
    public var description: String { "PostgreSQL could not be reached (or migrated) within \(timeout)." }
}

/// The store was used after its service stopped (or before it ran).
public struct StoreStopped: Error, CustomStringConvertible {
    public var description: String { "The store is not running." }
}
