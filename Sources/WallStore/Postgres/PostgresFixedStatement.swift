import Logging
import PostgresNIO

/// A statement whose SQL never changes (only its bound values do), run as a prepared statement:
/// PostgreSQL parses it once per connection and may keep its plan, instead of parsing and
/// planning a large statement on every call. A conforming type builds its query with the usual
/// interpolation in `init` and declares `static let sql` as the text of any instance's query.
protocol PostgresFixedStatement: PostgresPreparedStatement where Row == PostgresRow {
    /// This instance's query: the fixed SQL and this call's values.
    var query: PostgresQuery { get }
}

extension PostgresFixedStatement {
    /// The values of this call, in the order of the SQL's parameters.
    func makeBindings() -> PostgresBindings { query.binds }
    /// Rows are read by column name by the caller.
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

extension PostgresConnection {
    /// Runs a fixed statement as a prepared statement on this connection (prepared at its first use).
    func run<Statement: PostgresFixedStatement>(
        _ statement: Statement, logger: Logger
    ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> {
        assert(statement.query.sql == Statement.sql, "\(Statement.self) built SQL other than its fixed text")
        return try await execute(statement, logger: logger)
    }
}
