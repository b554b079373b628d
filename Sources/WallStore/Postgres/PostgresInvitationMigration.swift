import PostgresNIO

extension PostgresMigrations {
    /// One-time sign-up links: the SHA-256 of each code, who made it, until when, and by whom
    /// and when it was used.
    static let v10Invitations = PostgresMigration(name: "v10-invitations", statements: [
        """
        CREATE TABLE invitations (
            id uuid PRIMARY KEY,
            code_hash text NOT NULL UNIQUE,
            created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at timestamptz NOT NULL,
            expires_at timestamptz NOT NULL,
            used_by uuid REFERENCES users(id) ON DELETE SET NULL,
            used_at timestamptz
        )
        """,
        "CREATE INDEX invitations_by_creator ON invitations (created_by)",
    ])
}
