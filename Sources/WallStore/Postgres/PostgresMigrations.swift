import PostgresNIO

/// The PostgreSQL schema's history. Migrations are frozen once they land: add a new one, never edit.
enum PostgresMigrations {
    static let all: [PostgresMigration] = [
        v1Core, v2WebSessions, v4ItemFiles, v5Jobs, v6LinkPreviews,
        v7SearchIndexWithoutPendingList, v8SharedWalls, v9WallLinks, v10Invitations, v11Blobs,
        v12WallItemCounts, v13LoneShareFunction, v14IndexPlans, v15NewSharesFunction, v16DropShareFunctions,
        v17SavedSearches,
        v18RecognizedText,
        v19SearchLinks,
    ]

    /// Users, tokens, walls, items with full-text search, share receipts, the event log.
    ///
    /// Search: `items.search` holds the tsvector of a document the store makes in Swift (the
    /// item's words, split and lower-cased as `SearchQuery` splits a query), in the `dwall_search`
    /// configuration: `simple` (no stemming, no stop words) behind `unaccent` when the extension
    /// can be installed, so accents are ignored as SQLite's FTS5 ignores diacritics.
    static let v1Core = PostgresMigration(name: "v1-core", statements: [
        """
        CREATE TABLE users (
            id uuid PRIMARY KEY,
            username text NOT NULL,
            password_hash text NOT NULL,
            created_at timestamptz NOT NULL
        )
        """,
        "CREATE UNIQUE INDEX users_by_name ON users (lower(username))",
        """
        CREATE TABLE tokens (
            id uuid PRIMARY KEY,
            user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            label text NOT NULL,
            token_hash text NOT NULL UNIQUE,
            created_at timestamptz NOT NULL,
            last_used_at timestamptz
        )
        """,
        "CREATE INDEX tokens_by_user ON tokens (user_id)",
        """
        CREATE TABLE walls (
            id uuid PRIMARY KEY,
            user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            slug text NOT NULL,
            name text NOT NULL,
            is_default boolean NOT NULL DEFAULT false,
            position bigint NOT NULL,
            created_at timestamptz NOT NULL,
            UNIQUE (user_id, slug)
        )
        """,
        "CREATE UNIQUE INDEX walls_one_default ON walls (user_id) WHERE is_default",
        "CREATE SEQUENCE events_seq AS bigint",
        """
        CREATE TABLE items (
            id uuid PRIMARY KEY,
            user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            wall_id uuid NOT NULL REFERENCES walls (id),
            kind text NOT NULL,
            url text,
            canonical_url text,
            title text,
            text text,
            note text,
            tags text[] NOT NULL DEFAULT '{}',
            source text NOT NULL,
            state text NOT NULL,
            shared_at timestamptz,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL,
            sort_key bigint NOT NULL,
            search tsvector NOT NULL
        )
        """,
        // A link is on a wall once. Hashed, because a 4,096-character URL outgrows a btree entry.
        """
        CREATE UNIQUE INDEX items_one_link_per_wall ON items (wall_id, md5(canonical_url))
            WHERE canonical_url IS NOT NULL
        """,
        "CREATE INDEX items_by_user ON items (user_id, sort_key)",
        "CREATE INDEX items_by_wall ON items (wall_id, sort_key)",
        "CREATE INDEX items_by_tag ON items USING gin (tags)",
        "CREATE INDEX items_by_word ON items USING gin (search)",
        """
        CREATE TABLE share_receipts (
            user_id uuid NOT NULL,
            share_id uuid NOT NULL,
            item_id uuid NOT NULL,
            fingerprint text NOT NULL,
            duplicate boolean NOT NULL,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (user_id, share_id)
        )
        """,
        """
        CREATE TABLE events (
            seq bigint PRIMARY KEY,
            user_id uuid NOT NULL,
            kind text NOT NULL,
            item_id uuid NOT NULL,
            created_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX events_by_user ON events (user_id, seq)",
        """
        DO $$
        BEGIN
            BEGIN
                CREATE EXTENSION IF NOT EXISTS unaccent;
            EXCEPTION WHEN OTHERS THEN
                RAISE WARNING 'unaccent is not available (%): search will not ignore accents', SQLERRM;
            END;
            CREATE TEXT SEARCH CONFIGURATION dwall_search (COPY = pg_catalog.simple);
            IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
                ALTER TEXT SEARCH CONFIGURATION dwall_search
                    ALTER MAPPING FOR word, numword, hword, numhword, hword_part, hword_numpart
                    WITH unaccent, simple;
            END IF;
        END
        $$
        """,
    ])

    /// The web wall's browser sessions, by the SHA-256 of the cookie's secret.
    static let v2WebSessions = PostgresMigration(name: "v2-web-sessions", statements: [
        """
        CREATE TABLE web_sessions (
            id uuid PRIMARY KEY,
            user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            secret_hash text NOT NULL UNIQUE,
            user_agent text,
            created_at timestamptz NOT NULL,
            last_seen_at timestamptz NOT NULL,
            expires_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX web_sessions_by_user ON web_sessions (user_id)",
        "CREATE INDEX web_sessions_by_expiry ON web_sessions (expires_at)",
    ])

    /// The job queue (`JobQueue`): work that follows a share, removed with its item or user.
    static let v5Jobs = PostgresMigration(name: "v5-jobs", statements: [
        """
        CREATE TABLE jobs (
            id uuid PRIMARY KEY,
            kind text NOT NULL,
            item_id uuid REFERENCES items (id) ON DELETE CASCADE,
            user_id uuid REFERENCES users (id) ON DELETE CASCADE,
            payload text,
            priority smallint NOT NULL,
            state text NOT NULL,
            attempts integer NOT NULL,
            run_at timestamptz NOT NULL,
            lease_owner text,
            lease_id uuid,
            lease_expires_at timestamptz,
            last_error text,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX jobs_queued ON jobs (priority DESC, run_at, id) WHERE state = 'queued'",
        "CREATE INDEX jobs_leased ON jobs (lease_expires_at) WHERE state = 'running'",
        "CREATE INDEX jobs_by_item ON jobs (item_id) WHERE item_id IS NOT NULL",
        "CREATE INDEX jobs_by_user ON jobs (user_id) WHERE user_id IS NOT NULL",
    ])
}
