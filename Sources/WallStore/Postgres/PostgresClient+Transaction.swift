import Logging
import PostgresNIO

extension PostgresClient {
    /// Runs `body` in a transaction on a leased connection: committed when it returns, rolled
    /// back when it throws. Unlike `withTransaction`, the body's own error is rethrown as it is
    /// (a `StoreError` stays a `StoreError`).
    func transaction<Value: Sendable>(
        logger: Logger, _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        try await withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            return try await connection.finishingTransaction(logger: logger) { try await body(connection) }
        }
    }
}
