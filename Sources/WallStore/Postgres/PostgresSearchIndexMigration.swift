import PostgresNIO

extension PostgresMigrations {
    /// The search index without GIN's pending list. With `fastupdate` on (PostgreSQL's default),
    /// new entries wait in an unsorted list, up to 4 MB, that every search reads whole until a
    /// vacuum merges it, so searches slowed down after many shares; now each share merges its own
    /// entries (a little more work per share, none per search).
    static let v7SearchIndexWithoutPendingList = PostgresMigration(name: "v7-search-index-without-pending-list", statements: [
        "ALTER INDEX items_by_word SET (fastupdate = off)",
        "SELECT gin_clean_pending_list('items_by_word'::regclass)",
    ])
}
