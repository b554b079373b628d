import Foundation
import Logging
import PostgresNIO
import WallCore

/// A replica's one listening connection, for both channels: `dwall_events` for the event relay
/// and `dwall_jobs` for the job workers. PostgreSQL wakes every listening backend of the database
/// on any NOTIFY, so one listening backend per replica costs half of two.
///
/// The connection comes from a client of its own holding just that one connection, apart from
/// the query pool: a pool busy with every share in flight never delays a notice, and the pool
/// keeps its full size for queries. Each time it listens (after a lost or deaf connection too),
/// the relay catches up from the log and the job workers are woken once, so nothing that
/// happened meanwhile is missed. Beside each connection's whole life, from its lease to its
/// close, runs the relay's watchdog (`PostgresEventRelay.watch`): a connection found deaf, or
/// stuck before it listens, is cancelled (which closes it) and replaced like a lost one.
final class PostgresListener: Sendable {
    private let client: PostgresClient
    private let relay: PostgresEventRelay
    private let jobSignal: WakeSignal
    private let checkInterval: Duration
    private let logger: Logger
    private let current = Locked<PostgresConnection?>(nil)
    /// Where the current attempt is, for the watchdog (stuck if it awaits its LISTENs too long).
    private let phase = Locked(PostgresRelayWatch.Phase.leasing)

    /// A listener over the one-connection `client` (`configuration` with
    /// `maximumConnections` 1), feeding `relay` and waking `jobSignal`.
    init(client: PostgresClient, relay: PostgresEventRelay, jobSignal: WakeSignal, checkInterval: Duration, logger: Logger) {
        self.client = client
        self.relay = relay
        self.jobSignal = jobSignal
        self.checkInterval = checkInterval
        self.logger = logger
    }

    /// Listens until cancelled (run `client` beside it); calls `onListening` once the first
    /// LISTENs are in place. Throws when the first listening fails, or has not listened by
    /// `startDeadline` (`StuckListeningConnection`), so a replica that can't listen refuses to
    /// start; later failures (LISTENs unanswered for the connection's patience included) are
    /// logged and retried, backing off up to 5 seconds; a connection given up as stuck gives
    /// the next one twice its time to listen (up to `Limits.relayListenPatienceLimit` check
    /// intervals), so a slow database is waited out, not cut off try after try. Cancelled, it
    /// returns.
    func run(startDeadline: ContinuousClock.Instant, onListening: @escaping @Sendable () -> Void) async throws {
        let everListened = Locked(false)
        var backoff = Duration.milliseconds(100)
        var patience = 1
        while !Task.isCancelled {
            let listened = Locked(false)
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await self.connectAndListen(first: !everListened.withLock { $0 }) {
                            listened.withLock { $0 = true }
                            let first = everListened.withLock { listened in
                                defer { listened = true }
                                return !listened
                            }
                            if first { onListening() }
                        }
                    }
                    let firstListenBy = everListened.withLock { $0 } ? nil : startDeadline
                    group.addTask { [patience] in
                        try await self.relay.watch(every: self.checkInterval, patience: patience, firstListenBy: firstListenBy) {
                            self.phase.withLock { $0 }
                        }
                    }
                    defer { group.cancelAll() }
                    try await group.next()
                }
                if Task.isCancelled { return }
                logger.warning("Notifications stopped; listening again")
            } catch {
                if Task.isCancelled { return }
                if !everListened.withLock({ $0 }) { throw error }
                if error is StuckListeningConnection {
                    patience = min(patience * 2, Limits.relayListenPatienceLimit)
                    logger.warning(
                        "The listening connection never listened; listening again on a new one",
                        metadata: ["reason": "\(error)", "patience": "\(patience) check intervals"]
                    )
                } else if error is DeafListeningConnection {
                    logger.warning("The listening connection went deaf; listening again on a new one", metadata: ["reason": "\(error)"])
                } else {
                    logger.warning("Lost the notifications; listening again", metadata: ["error": "\(Self.describe(error))"])
                }
            }
            if listened.withLock({ $0 }) {
                backoff = .milliseconds(100)
                patience = 1
            }
            do { try await Task.sleep(for: backoff) } catch { return }
            backoff = min(backoff * 2, .seconds(5))
        }
    }

    /// One connection's life: leases it, listens, serves its notices until they end, then
    /// closes it (and tells the pool so) before it goes back: ended, deaf or cancelled, it is
    /// not listened on again.
    private func connectAndListen(first: Bool, onListening: @escaping @Sendable () -> Void) async throws {
        try await client.withConnection { connection in
            phase.withLock { $0 = .awaitingListen }
            defer {
                phase.withLock { $0 = .leasing }
                current.withLock { $0 = nil }
            }
            do {
                try await listen(on: connection, first: first, onListening: onListening)
            } catch {
                try? await connection.close()
                throw error
            }
            try? await connection.close()
        }
    }

    /// Listens on both channels on `connection`, catches up, calls `onListening`, then hands
    /// each notice to its reader until either sequence ends.
    private func listen(on connection: PostgresConnection, first: Bool, onListening: () -> Void) async throws {
        try await connection.listeningUntilCancelled(on: PostgresEventNotice.channel, and: PostgresJobQueue.channel) { events, jobs in
            // LISTEN counts from the commit of its own (implicit) transaction, which may trail
            // its reply: a query after it on the same connection waits that out.
            // Abandoned if cancelled meanwhile: the cancellation closes the connection, and a
            // query that reaches it closed would never end (see `abandoningOnCancel`).
            let logger = logger
            _ = try await abandoningOnCancel { try await connection.query("SELECT pg_listening_channels()", logger: logger) }
            current.withLock { $0 = connection }
            phase.withLock { $0 = .listening }
            try await relay.catchUp(first: first)
            // Jobs may have come while nobody listened.
            jobSignal.notify()
            onListening()
            let relay = relay, jobSignal = jobSignal
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for try await notice in events { try await relay.handle(notice.payload) } }
                group.addTask { for try await _ in jobs { jobSignal.notify() } }
                defer { group.cancelAll() }
                try await group.next()
            }
        }
    }

    /// What went wrong, for the log: PostgresNIO's errors say it only when reflected, and then
    /// with a query's bound values too; this keeps the code and the server's message.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        var text = "PostgreSQL error \(error.code)"
        if let message = error.serverInfo?[.message] { text += ": \(message)" }
        if let state = error.serverInfo?[.sqlState] { text += " (SQLSTATE \(state))" }
        return text
    }

    /// For tests: makes the listening connection deaf without closing it or failing its notices
    /// (`UNLISTEN *`), as a connection that silently stops delivering would be; returns its
    /// backend's pid. Throws `StoreStopped` when not listening.
    func deafen() async throws -> Int {
        guard let connection = current.withLock({ $0 }) else { throw StoreStopped() }
        try await connection.query("UNLISTEN *", logger: logger)
        let rows = try await connection.query("SELECT pg_backend_pid()", logger: logger)
        return Int(try await rows.first()?.decode(Int32.self) ?? 0)
    }
}
