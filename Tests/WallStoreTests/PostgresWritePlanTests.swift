import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// The share writer's statements are planned once per connection and the plans kept
/// (`PostgresWritePlans`, migration v14): made while the tables were empty, they must still read
/// only the rows a batch's shares name once the tables hold thousands.
@Suite("PostgreSQL write plans", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresWritePlanTests {
    /// The tables a share reads, and how many rows each holds once filled.
    static let filled = ["items": 20_000, "share_receipts": 20_000, "walls": 2_000, "wall_members": 2_000, "users": 2_000]

    @Test("Plans made on empty tables read only the rows a batch names once the tables hold thousands",
          .timeLimit(.minutes(3)))
    func plansMadeOnEmptyTablesStayOnIndexes() async throws {
        // One connection: every statement below runs on it, with the plans it made first.
        try await withPostgresReplicas(1, maxConnections: 1) { replicas, database in
            let store = try #require(replicas[0] as? PostgresStore)
            // No ANALYZE may replan behind the test's back (altering a table replans too, so
            // before any plan is made).
            for table in Self.filled.keys {
                try await database.client.query("ALTER TABLE \(unescaped: table) SET (autovacuum_enabled = false)", logger: database.logger)
            }
            let alice = try await store.newUser("alice")
            let writer = PostgresShareWriter(
                transactions: store.eventTransactions, clock: { Date() }, followUps: .none, jobSignal: store.jobSignal
            )
            func save(_ shares: [ValidShare]) async throws -> [ShareOutcome.Kind] {
                let results = try await writer.save(shares.map {
                    .share(PostgresQueuedShare(share: $0, userID: alice.id, document: SearchDocument(share: $0)))
                })
                return try results.map { result in
                    guard case .share(let outcome) = try result.get() else { throw CorruptRow(detail: "not a share") }
                    return outcome.kind
                }
            }

            // Planned on (nearly) empty tables: the lookup, the write with new, merged and
            // replayed shares, a lone share and the wall-count trigger.
            let ids = (0..<4).map { _ in UUID() }
            let first = try ids.indices.map { try linkShare("https://example.com/first/\($0)", id: ids[$0]) }
            #expect(try await save(first) == Array(repeating: .created, count: 4))
            #expect(try await save([first[0], try linkShare("https://example.com/first/1", note: "again")]) == [
                .replayed(duplicate: false), .duplicate,
            ])
            #expect(try await save([try linkShare("https://example.com/lone/1")]) == [.created])

            try await Self.fill(database, userID: alice.id)
            let before = try await Self.rowsRead(database)
            #expect(try await save([
                first[2], try linkShare("https://example.com/first/3", note: "again"),
                try linkShare("https://example.com/second/1"), try linkShare("https://example.com/second/2"),
                try linkShare("https://example.com/filled/7", note: "an old link again"),
            ]) == [.replayed(duplicate: false), .duplicate, .created, .created, .duplicate])
            #expect(try await save([try linkShare("https://example.com/lone/2")]) == [.created])
            let after = try await Self.rowsRead(database)

            for (table, rows) in Self.filled {
                let read = (after[table] ?? 0) - (before[table] ?? 0)
                // Six shares read a few rows each by index; a scan reads the table's thousands.
                #expect(read < 200, "\(table): \(read) rows read of \(rows)")
            }
        }
    }

    @Test("The tables the share statements read are analysed each time this replica's new items double")
    func statisticsAreRefreshedAsItemsDouble() async throws {
        try await withPostgresReplicas(1) { replicas, database in
            let store = try #require(replicas[0] as? PostgresStore)
            let alice = try await store.newUser("alice")
            var writer = PostgresShareWriter(
                transactions: store.eventTransactions, clock: { Date() }, followUps: .none, jobSignal: store.jobSignal
            )
            writer.statistics = PostgresStatisticsRefresh(first: 4)
            let queue = PostgresWriteQueue(writer: writer)
            var shared = 0
            func save(_ count: Int) async throws {
                var shares: [ValidShare] = []
                for _ in 0..<count {
                    shared += 1
                    shares.append(try linkShare("https://example.com/refresh/\(shared)"))
                }
                // At once, as callers do: together they make one batch or more.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for share in shares {
                        group.addTask {
                            _ = try await queue.submit(
                                PostgresQueuedShare(share: share, userID: alice.id, document: SearchDocument(share: share))
                            )
                        }
                    }
                    try await group.waitForAll()
                }
            }
            // Manual ANALYZEs only (autovacuum's are counted apart).
            func analyses() async throws -> [Int64] {
                let rows = try await database.client.query("""
                    SELECT analyze_count FROM pg_stat_user_tables
                    WHERE relname IN ('items', 'share_receipts', 'walls', 'wall_members') ORDER BY relname
                    """, logger: database.logger)
                var counts: [Int64] = []
                for try await count in rows.decode(Int64.self) { counts.append(count) }
                return counts
            }

            for _ in 0..<3 { try await save(1) }
            #expect(try await analyses() == [0, 0, 0, 0], "3 new items: none yet")
            try await save(1)
            #expect(try await analyses() == [1, 1, 1, 1], "the 4th item: analysed")
            try await save(3)
            #expect(try await analyses() == [1, 1, 1, 1], "7 items: not yet again")
            try await save(2)
            #expect(try await analyses() == [2, 2, 2, 2], "past 8 items: again")
            try await save(1)
            #expect(try await analyses() == [2, 2, 2, 2], "10 items: next at 16")
        }
    }

    /// Adds `filled`'s rows: people with a wall each and its member, and many links on the
    /// person's own wall with a receipt each. Planner statistics stay those of empty tables.
    static func fill(_ database: TestDatabaseClient, userID: UUID) async throws {
        let statements: [PostgresQuery] = [
            """
            INSERT INTO users (id, username, password_hash, created_at)
            SELECT gen_random_uuid(), 'filler' || g, 'x', now() FROM generate_series(1, \(filled["users"] ?? 0)) AS g
            """,
            """
            INSERT INTO walls (id, user_id, slug, name, is_default, position, created_at)
            SELECT gen_random_uuid(), id, 'wall', 'Wall', true, 0, now() FROM users WHERE username LIKE 'filler%'
            """,
            """
            INSERT INTO wall_members (wall_id, user_id, role, created_at)
            SELECT w.id, u.id, 'contributor', now()
            FROM walls w JOIN users u ON u.username = 'filler' || (1 + (w.position + length(w.id::text)) % 7)
            WHERE w.slug = 'wall'
            """,
            """
            INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, source, state, created_at, updated_at,
                               sort_key, search)
            SELECT gen_random_uuid(), \(userID), w.id, \(ItemKind.url.rawValue), 'https://example.com/filled/' || g,
                   'https://example.com/filled/' || g, \(ShareSource.cli.rawValue), \(ItemState.ready.rawValue), now(),
                   now(), nextval('events_seq'), ''::tsvector
            FROM walls w, generate_series(1, \(filled["items"] ?? 0)) AS g WHERE w.user_id = \(userID) AND w.is_default
            """,
            """
            INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
            SELECT user_id, gen_random_uuid(), id, 'filled', false, now() FROM items WHERE url LIKE 'https://example.com/filled/%'
            """,
        ]
        try await database.client.withConnection { connection in
            for statement in statements { try await connection.query(statement, logger: database.logger) }
            // Its reads are reported when its next statement ends, not a moment later.
            try await connection.query("SELECT pg_stat_force_next_flush()", logger: database.logger)
            try await connection.query("SELECT 1", logger: database.logger)
        }
    }

    /// Rows read so far from each of `filled`'s tables (by scans and through their indexes), once
    /// the writer's connection has reported every event it inserted: a backend reports its counts
    /// for all tables together, a moment after its transactions end.
    static func rowsRead(_ database: TestDatabaseClient) async throws -> [String: Int64] {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let rows = try await database.client.query("""
                SELECT (SELECT n_tup_ins FROM pg_stat_user_tables WHERE relname = 'events') = (SELECT count(*) FROM events)
                """, logger: database.logger)
            if try await rows.first()?.decode(Bool.self) == true { break }
            guard ContinuousClock.now < deadline else {
                Issue.record("the statistics did not catch up within 30 s")
                break
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let rows = try await database.client.query("""
            SELECT t.relname::text, (coalesce(t.seq_tup_read, 0) + coalesce(
                       (SELECT sum(i.idx_tup_read) FROM pg_stat_user_indexes i WHERE i.relid = t.relid), 0))::bigint
            FROM pg_stat_user_tables t WHERE t.relname = ANY (\(Array(filled.keys)))
            """, logger: database.logger)
        var read: [String: Int64] = [:]
        for try await (table, count) in rows.decode((String, Int64).self) { read[table] = count }
        return read
    }
}
