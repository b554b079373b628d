import PostgresNIO

extension PostgresMigrations {
    /// Shared walls: a wall's members with their roles, and who added an item when that was not
    /// the wall's owner (items stay stored under the owner; `added_by` is attribution and what a
    /// contributor may change).
    static let v8SharedWalls = PostgresMigration(name: "v8-shared-walls", statements: [
        """
        CREATE TABLE wall_members (
            wall_id uuid NOT NULL REFERENCES walls(id) ON DELETE CASCADE,
            user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            role text NOT NULL,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (wall_id, user_id)
        )
        """,
        "CREATE INDEX wall_members_by_user ON wall_members (user_id)",
        "ALTER TABLE items ADD COLUMN added_by uuid REFERENCES users(id) ON DELETE SET NULL",
    ])
}
