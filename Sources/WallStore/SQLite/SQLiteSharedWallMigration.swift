import GRDB

extension SQLiteMigrations {
    /// Shared walls: a wall's members with their roles, and who added an item when that was not
    /// the wall's owner (items stay stored under the owner; `added_by` is attribution and what a
    /// contributor may change).
    static func v8SharedWalls(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE wall_members (
                wall_id TEXT NOT NULL REFERENCES walls(id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                role TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (wall_id, user_id)
            ) WITHOUT ROWID;
            CREATE INDEX wall_members_by_user ON wall_members(user_id);
            ALTER TABLE items ADD COLUMN added_by TEXT REFERENCES users(id) ON DELETE SET NULL;
            """)
    }
}
