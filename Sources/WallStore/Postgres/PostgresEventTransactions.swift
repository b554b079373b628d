import Foundation
import Logging
import PostgresNIO

/// Transactions that write events: they hold the events lock (so seqs follow commit order),
/// register their events with the relay before committing (so this replica publishes them as
/// they were), and NOTIFY every replica as they commit.
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
        var events = PostgresEventBatch()
        do {
            return try await client.transaction(logger: logger) { connection in
                if let lockUser { try await PostgresLocks.lockUser(lockUser, connection, logger: logger) }
                try await PostgresLocks.lockEvents(connection, logger: logger)
                let value = try await body(connection, &events)
                if !events.isEmpty {
                    relay.expect(events)
                    try await events.notice(origin: origin).send(connection, logger: logger)
                }
                return value
            }
        } catch {
            relay.forget(events)
            throw error
        }
    }
}
