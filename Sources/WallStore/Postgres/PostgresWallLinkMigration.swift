import PostgresNIO

extension PostgresMigrations {
    /// Secret links: read-only links to a wall, by the SHA-256 of their secret (never the secret),
    /// gone with their wall.
    static let v9WallLinks = PostgresMigration(name: "v9-wall-links", statements: [
        """
        CREATE TABLE wall_links (
            id uuid PRIMARY KEY,
            wall_id uuid NOT NULL REFERENCES walls(id) ON DELETE CASCADE,
            secret_hash text NOT NULL UNIQUE,
            indexable boolean NOT NULL DEFAULT false,
            created_at timestamptz NOT NULL,
            created_by uuid REFERENCES users(id) ON DELETE SET NULL
        )
        """,
        "CREATE INDEX wall_links_by_wall ON wall_links (wall_id)",
    ])
}
