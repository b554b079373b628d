import Logging
import PostgresNIO

/// How the share writer's statements are planned: once per connection for any values
/// (`plan_cache_mode`: planning the lookup and the write took 1.4 and 0.4 ms, longer than running
/// them), and by index only.
///
/// A plan made once is kept, with the table sizes PostgreSQL believed in when it was made, until
/// the next `ANALYZE` of a table it reads. On a fresh installation those are empty tables, where a
/// scan costs less than an index probe; the scan is kept while the tables grow, and reads every
/// row on every batch (measured at 64 connections: the lookup's hash join over all 11,000 share
/// receipts, 3.5 ms of a batch's 5; two replicas ran 30 % slower for it). Pricing scans, hash
/// joins and merge joins out makes each table read by its index whatever its statistics say: a
/// batch reads the rows its shares name, at any size. JIT compilation is off: it cost a batch 70 ms
/// whenever the planner's row estimates for a statement's parts went past its threshold, for
/// statements that run in a millisecond. The settings last for the transaction; a
/// batch restores the server's own (`reset`) before the changes that follow its shares.
enum PostgresWritePlans {
    /// The settings, each with its value for the share statements.
    static let settings = [
        ("plan_cache_mode", "force_generic_plan"), ("enable_seqscan", "off"), ("enable_hashjoin", "off"),
        ("enable_mergejoin", "off"), ("jit", "off"),
    ]

    /// The `set_config` calls that make them the transaction's, for a statement's select list.
    static let setConfig = settings.map { "set_config('\($0.0)', '\($0.1)', true)" }.joined(separator: ", ")

    /// Gives them back the server's own values for the rest of the transaction.
    static func reset(_ connection: PostgresConnection, logger: Logger) async throws {
        let names = settings.map { "'\($0.0)'" }.joined(separator: ", ")
        try await connection.query(
            "SELECT set_config(name, reset_val, true) FROM pg_settings WHERE name IN (\(unescaped: names))", logger: logger
        )
    }
}
