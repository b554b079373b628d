import GRDB

/// The SQLite schema's history. Migrations are frozen once they land: add a new one, never edit.
enum SQLiteMigrations {
    /// A step of the schema's history: its name (kept in `grdb_migrations`) and what it does.
    typealias Step = (name: String, migrate: @Sendable (Database) throws -> Void)

    /// Every step, in order.
    static let all: [Step] = [
        ("v1-core", v1Core),
        ("v2-web-sessions", v2WebSessions),
        ("v4-item-files", SQLiteFileMigration.v4ItemFiles),
        ("v5-jobs", v5Jobs),
        ("v6-link-previews", SQLiteEnrichment.v6LinkPreviews),
        ("v8-shared-walls", v8SharedWalls),
        ("v9-wall-links", v9WallLinks),
        ("v10-invitations", v10Invitations),
        ("v11-wall-item-counts", v11WallItemCounts),
        ("v12-saved-searches", v12SavedSearches),
        ("v13-recognized-text", SQLiteRecognition.v13RecognizedText),
        ("v14-search-links", v14SearchLinks),
    ]

    /// Applies the steps the database has not seen, all in one transaction: a step that fails
    /// rolls every one of them back, so the database stays as it was (and the server refuses to
    /// start). A database that has seen a step this code does not know (made by a newer dwall),
    /// or, under `requireCurrent`, one that lacks a step, is refused untouched. Applied steps are
    /// recorded in GRDB's `grdb_migrations` table, as the files written before this runner expect.
    static func migrate(
        _ writer: some DatabaseWriter, path: String, steps: [Step] = all, policy: MigrationPolicy = .upgrade
    ) throws {
        try writer.barrierWriteWithoutTransaction { db in
            var current: String?
            do {
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                    let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                    let missing = Set(try policy.stepsToApply(history: steps.map(\.name), applied: applied, database: path))
                    for step in steps where missing.contains(step.name) {
                        current = step.name
                        try step.migrate(db)
                        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [step.name])
                    }
                    current = nil
                    return .commit
                }
            } catch let failure as MigrationFailure {
                throw failure
            } catch {
                throw MigrationFailure(database: path, migration: current, reason: .failed("\(error)"))
            }
        }
    }

    /// Users, tokens, walls, items with tags and full-text search, share receipts, the event log.
    private static func v1Core(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE users (
                id TEXT PRIMARY KEY NOT NULL,
                username TEXT NOT NULL UNIQUE COLLATE NOCASE,
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE tokens (
                id TEXT PRIMARY KEY NOT NULL,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                label TEXT NOT NULL,
                token_hash TEXT NOT NULL UNIQUE,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER
            );
            CREATE INDEX tokens_by_user ON tokens(user_id);
            CREATE TABLE walls (
                id TEXT PRIMARY KEY NOT NULL,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                slug TEXT NOT NULL,
                name TEXT NOT NULL,
                is_default INTEGER NOT NULL DEFAULT 0,
                position INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                UNIQUE (user_id, slug)
            );
            CREATE UNIQUE INDEX walls_one_default ON walls(user_id) WHERE is_default = 1;
            CREATE TABLE items (
                pk INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                wall_id TEXT NOT NULL REFERENCES walls(id),
                kind TEXT NOT NULL,
                url TEXT,
                canonical_url TEXT,
                title TEXT,
                text TEXT,
                note TEXT,
                tags TEXT NOT NULL DEFAULT '',
                source TEXT NOT NULL,
                state TEXT NOT NULL,
                shared_at INTEGER,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                sort_key INTEGER NOT NULL
            );
            CREATE UNIQUE INDEX items_one_link_per_wall ON items(wall_id, canonical_url)
                WHERE canonical_url IS NOT NULL;
            CREATE INDEX items_by_user ON items(user_id, sort_key);
            CREATE INDEX items_by_wall ON items(wall_id, sort_key);
            CREATE TABLE item_tags (
                item_id TEXT NOT NULL REFERENCES items(id) ON DELETE CASCADE,
                user_id TEXT NOT NULL,
                tag TEXT NOT NULL,
                PRIMARY KEY (item_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX item_tags_by_user ON item_tags(user_id, tag);
            CREATE TABLE share_receipts (
                user_id TEXT NOT NULL,
                share_id TEXT NOT NULL,
                item_id TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                duplicate INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (user_id, share_id)
            ) WITHOUT ROWID;
            CREATE TABLE events (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                item_id TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX events_by_user ON events(user_id, seq);
            CREATE VIRTUAL TABLE items_fts USING fts5(
                title, note, text, url, tags,
                content = 'items', content_rowid = 'pk',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            -- Items are indexed in bulk a little after they are saved (SQLiteSearchIndexer): the
            -- triggers queue them here, and take indexed rows out of the index when they change.
            CREATE TABLE fts_pending (pk INTEGER PRIMARY KEY);
            CREATE TRIGGER items_fts_after_insert AFTER INSERT ON items BEGIN
                INSERT INTO fts_pending(pk) VALUES (new.pk);
            END;
            CREATE TRIGGER items_fts_after_delete AFTER DELETE ON items BEGIN
                INSERT INTO items_fts(items_fts, rowid, title, note, text, url, tags)
                SELECT 'delete', old.pk, old.title, old.note, old.text, old.url, old.tags
                WHERE NOT EXISTS (SELECT 1 FROM fts_pending WHERE pk = old.pk);
                DELETE FROM fts_pending WHERE pk = old.pk;
            END;
            CREATE TRIGGER items_fts_after_update AFTER UPDATE OF title, note, text, url, tags ON items BEGIN
                INSERT INTO items_fts(items_fts, rowid, title, note, text, url, tags)
                SELECT 'delete', old.pk, old.title, old.note, old.text, old.url, old.tags
                WHERE NOT EXISTS (SELECT 1 FROM fts_pending WHERE pk = old.pk);
                INSERT OR IGNORE INTO fts_pending(pk) VALUES (new.pk);
            END;
            """)
    }

    /// The web wall's browser sessions, by the SHA-256 of the cookie's secret.
    private static func v2WebSessions(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE web_sessions (
                id TEXT PRIMARY KEY NOT NULL,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                secret_hash TEXT NOT NULL UNIQUE,
                user_agent TEXT,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL
            );
            CREATE INDEX web_sessions_by_user ON web_sessions(user_id);
            CREATE INDEX web_sessions_by_expiry ON web_sessions(expires_at);
            """)
    }

    /// The job queue (`JobQueue`): work that follows a share, removed with its item or user.
    private static func v5Jobs(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE jobs (
                id TEXT PRIMARY KEY NOT NULL,
                kind TEXT NOT NULL,
                item_id TEXT REFERENCES items(id) ON DELETE CASCADE,
                user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                payload TEXT,
                priority INTEGER NOT NULL,
                state TEXT NOT NULL,
                attempts INTEGER NOT NULL,
                run_at INTEGER NOT NULL,
                lease_owner TEXT,
                lease_id TEXT,
                lease_expires_at INTEGER,
                last_error TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX jobs_due ON jobs(state, priority DESC, run_at);
            CREATE INDEX jobs_by_item ON jobs(item_id) WHERE item_id IS NOT NULL;
            CREATE INDEX jobs_by_user ON jobs(user_id) WHERE user_id IS NOT NULL;
            """)
    }
}
