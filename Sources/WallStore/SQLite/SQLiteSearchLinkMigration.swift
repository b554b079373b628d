import GRDB

extension SQLiteMigrations {
    /// Secret links to smart walls, by the SHA-256 of their secret, gone with their saved search.
    static func v14SearchLinks(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE search_links (
                id TEXT PRIMARY KEY NOT NULL,
                search_id TEXT NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
                secret_hash TEXT NOT NULL UNIQUE,
                indexable INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX search_links_by_search ON search_links(search_id);
            """)
    }
}
