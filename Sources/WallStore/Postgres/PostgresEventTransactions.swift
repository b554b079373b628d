import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Transactions that write events: they hold the events lock (so seqs follow commit order),
/// register their events with the relay before committing (so this replica publishes them as
/// they were), and NOTIFY every replica as they commit.
///
/// `BEGIN` and the locks are sent back to back without waiting for each other's answers (the
/// connection runs them in order), and a read that needs nothing from them (`prefetch`) is sent
/// right behind: one wait instead of three or four. The read still runs after the lock is held,
/// in a statement of its own, so it sees every transaction committed before.
struct PostgresEventTransactions: Sendable {
    let client: PostgresClient
    let relay: PostgresEventRelay
    let origin: UUID
    let logger: Logger

    /// Runs `body` in such a transaction, after taking `lockUser`'s row lock when given (always
    /// before the events lock, so two transactions never wait on each other crosswise).
    func run<Value: Sendable>(
        lockingUser lockUser: UUID? = nil,
        _ body: (PostgresConnection, inout PostgresEventBatch) async throws -> Value
    ) async throws -> Value {
        try await run(lockingUser: lockUser, prefetch: { _ in () }) { connection, _, events in
            try await body(connection, &events)
        }
    }

    /// Runs `body` with what `prefetch` read. `prefetch` must only read (and draw sequence
    /// numbers): should `BEGIN` have failed, it ran outside the transaction, which then stops
    /// before `body`. With `writePlans`, statements in the transaction are planned as
    /// `PostgresWritePlans` says (once per connection, by index only) until it resets them.
    /// `beforeCommit` is called once `body` is done, right before `COMMIT` is sent.
    func run<Fetched: Sendable, Value: Sendable>(
        lockingUser lockUser: UUID? = nil,
        writePlans: Bool = false,
        beforeCommit: (@Sendable () -> Void)? = nil,
        prefetch: (PostgresConnection) async throws -> Fetched,
        _ body: (PostgresConnection, Fetched, inout PostgresEventBatch) async throws -> Value
    ) async throws -> Value {
        var events = PostgresEventBatch()
        do {
            return try await client.withConnection { connection in
                let started = try await begin(connection, lockingUser: lockUser, writePlans: writePlans)
                return try await connection.finishingTransaction(logger: logger) {
                    let fetched: Fetched
                    do {
                        fetched = try await prefetch(connection)
                    } catch {
                        // Tell a failed BEGIN or lock from the read's own error.
                        try await started.get()
                        throw error
                    }
                    try await started.get()
                    let value = try await body(connection, fetched, &events)
                    relay.expect(events)
                    if let rest = events.segments.last, !rest.sent {
                        let notice = PostgresEventNotice(origin: origin, maxSeq: rest.notice, naming: rest.entries.map(\.userID))
                        try await notice.send(connection, logger: logger)
                    }
                    beforeCommit?()
                    return value
                }
            }
        } catch {
            relay.forget(events)
            throw error
        }
    }

    /// Sends `BEGIN`, the user's row lock and the events lock in one go, from the connection's
    /// event loop (so nothing sent afterwards can overtake them); the future completes when the
    /// last has answered, and fails with the first failure.
    private func begin(
        _ connection: PostgresConnection, lockingUser lockUser: UUID?, writePlans: Bool
    ) async throws -> EventLoopFuture<Void> {
        let logger = logger
        return try await connection.eventLoop.submit {
            var sent: [EventLoopFuture<PostgresQueryResult>] = [connection.query("BEGIN", logger: logger)]
            if let lockUser {
                sent.append(connection.query("SELECT 1 FROM users WHERE id = \(lockUser) FOR NO KEY UPDATE", logger: logger))
            }
            // The plan settings ride the lock's statement: each statement is a wait of its own.
            sent.append(connection.query(
                writePlans
                    ? "SELECT \(unescaped: PostgresWritePlans.setConfig), pg_advisory_xact_lock(\(PostgresLocks.events))"
                    : "SELECT pg_advisory_xact_lock(\(PostgresLocks.events))",
                logger: logger
            ))
            return EventLoopFuture.andAllSucceed(sent, on: connection.eventLoop)
        }.get()
    }
}
