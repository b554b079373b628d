import GRDB

extension SQLiteMigrations {
    /// Saved searches (smart walls): a name, a slug unique per person, and the query.
    static func v12SavedSearches(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE saved_searches (
                id TEXT PRIMARY KEY NOT NULL,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                slug TEXT NOT NULL,
                query TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                UNIQUE (user_id, slug)
            );
            """)
    }
}
