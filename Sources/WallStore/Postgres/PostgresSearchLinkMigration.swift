import PostgresNIO

extension PostgresMigrations {
    /// Secret links to smart walls, by the SHA-256 of their secret, gone with their saved search.
    static let v19SearchLinks = PostgresMigration(name: "v19-search-links", statements: [
        """
        CREATE TABLE search_links (
            id uuid PRIMARY KEY,
            search_id uuid NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
            secret_hash text NOT NULL UNIQUE,
            indexable boolean NOT NULL DEFAULT false,
            created_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX search_links_by_search ON search_links (search_id)",
    ])
}
