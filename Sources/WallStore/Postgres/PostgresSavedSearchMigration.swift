import PostgresNIO

extension PostgresMigrations {
    /// Saved searches (smart walls): a name, a slug unique per person, and the query.
    static let v17SavedSearches = PostgresMigration(name: "v17-saved-searches", statements: [
        """
        CREATE TABLE saved_searches (
            id uuid PRIMARY KEY,
            user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name text NOT NULL,
            slug text NOT NULL,
            query text NOT NULL,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL,
            UNIQUE (user_id, slug)
        )
        """,
    ])
}
