import GRDB

extension SQLiteMigrations {
    /// One-time sign-up links: the SHA-256 of each code, who made it, until when, and by whom
    /// and when it was used.
    static func v10Invitations(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE invitations (
                id TEXT PRIMARY KEY NOT NULL,
                code_hash TEXT NOT NULL UNIQUE,
                created_by TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                used_by TEXT REFERENCES users(id) ON DELETE SET NULL,
                used_at INTEGER
            );
            CREATE INDEX invitations_by_creator ON invitations(created_by);
            """)
    }
}
