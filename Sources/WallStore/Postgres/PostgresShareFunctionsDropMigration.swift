import PostgresNIO

extension PostgresMigrations {
    /// Drops the two plpgsql share functions, `dwall_lone_share` (v13) and `dwall_new_shares`
    /// (v15): every share now takes the one general path (`PostgresShareWrite`), whose decisions
    /// are `SharePlan`'s in Swift, and nothing calls them. A side-by-side benchmark showed the
    /// general path within the noise of theirs (BENCHMARKS.md, "One share path on PostgreSQL").
    static let v16DropShareFunctions = PostgresMigration(name: "v16-drop-share-functions", statements: [
        "DROP FUNCTION IF EXISTS dwall_new_shares",
        "DROP FUNCTION IF EXISTS dwall_lone_share",
    ])
}
