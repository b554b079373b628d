import Logging
import PostgresNIO

/// Something queries run on: the pool (one query, any connection) or a connection holding an
/// open transaction, so the same lookups serve both.
protocol PostgresQueryRunner: Sendable {
    /// Runs one query.
    func run(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence
}

extension PostgresClient: PostgresQueryRunner {
    func run(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        try await self.query(query, logger: logger)
    }
}

extension PostgresConnection: PostgresQueryRunner {
    func run(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        try await self.query(query, logger: logger)
    }
}
