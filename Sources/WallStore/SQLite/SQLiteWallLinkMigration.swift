import GRDB

extension SQLiteMigrations {
    /// Secret links: read-only links to a wall, by the SHA-256 of their secret (never the secret),
    /// gone with their wall.
    static func v9WallLinks(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE wall_links (
                id TEXT PRIMARY KEY NOT NULL,
                wall_id TEXT NOT NULL REFERENCES walls(id) ON DELETE CASCADE,
                secret_hash TEXT NOT NULL UNIQUE,
                indexable INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                created_by TEXT REFERENCES users(id) ON DELETE SET NULL
            );
            CREATE INDEX wall_links_by_wall ON wall_links(wall_id);
            """)
    }
}
