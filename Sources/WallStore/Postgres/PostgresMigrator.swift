import Logging
import PostgresNIO

/// Applies `PostgresMigrations` that the database has not seen yet, in order, each once.
///
/// Everything runs in one transaction that first takes an advisory lock, so replicas starting
/// at the same moment queue up: the first applies what is missing, the others then find nothing
/// to do. A failed migration rolls back whole and stops the start (`MigrationFailure`); so does
/// a database that has a migration this code does not know (a newer dwall made it), and, under
/// `MigrationPolicy.requireCurrent`, one that lacks a migration.
enum PostgresMigrator {
    /// Applies the steps of `migrations` (the schema's whole history unless a test gives another)
    /// that the database has not seen.
    static func migrate(
        _ client: PostgresClient, logger: Logger, migrations: [PostgresMigration] = PostgresMigrations.all,
        policy: MigrationPolicy = .upgrade
    ) async throws {
        do {
            try await apply(migrations, policy: policy, client, logger: logger)
        } catch let error as PostgresTransactionError {
            // The client wraps what the transaction threw; the refusal is the message to show.
            if let failure = error.closureError as? MigrationFailure { throw failure }
            throw error
        }
    }

    private static func apply(
        _ migrations: [PostgresMigration], policy: MigrationPolicy, _ client: PostgresClient, logger: Logger
    ) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresLocks.migrations))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS dwall_migrations (
                    name text PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM dwall_migrations", logger: logger)
                .decode(String.self) {
                applied.insert(name)
            }
            let missing = Set(try policy.stepsToApply(history: migrations.map(\.name), applied: applied, database: "PostgreSQL"))
            for migration in migrations where missing.contains(migration.name) {
                logger.info("Applying database migration", metadata: ["migration": "\(migration.name)"])
                do {
                    for statement in migration.statements { try await connection.query(statement, logger: logger) }
                } catch {
                    throw MigrationFailure(database: "PostgreSQL", migration: migration.name, reason: .failed(String(reflecting: error)))
                }
                try await connection.query(
                    "INSERT INTO dwall_migrations (name) VALUES (\(migration.name))", logger: logger
                )
            }
        }
    }
}

/// One step of the schema's history: a name and the statements that take the schema there.
struct PostgresMigration: Sendable {
    let name: String
    let statements: [PostgresQuery]
}
