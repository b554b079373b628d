import Logging
import PostgresNIO

extension PostgresConnection {
    /// Ends the transaction this connection has begun around `body`: commits when `body`
    /// returns, rolls back when it throws and rethrows its error as it is (a failed rollback is
    /// only logged: the error worth telling is the body's).
    func finishingTransaction<Value>(
        isolation: isolated (any Actor)? = #isolation, logger: Logger, _ body: () async throws -> Value
    ) async throws -> Value {
        let value: Value
        do {
            value = try await body()
        } catch {
            do {
                try await query("ROLLBACK", logger: logger)
            } catch let rollbackError {
                logger.warning("Rollback failed", metadata: ["error": "\(String(reflecting: rollbackError))"])
            }
            throw error
        }
        try await query("COMMIT", logger: logger)
        return value
    }
}
