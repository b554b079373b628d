import Foundation
import Logging
import PostgresNIO
import Testing
@testable import WallStore

/// The walls' item counts kept in their rows on PostgreSQL (v12): counted once on upgrade, then
/// kept by the statement triggers on inserts of many rows to several walls, moves, updates that
/// move nothing, deletes and a wall's cascade.
@Suite("PostgreSQL wall item counts", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresWallCountMigrationTests {
    @Test("An upgraded database counts its walls and the triggers keep the counts")
    func anUpgradedDatabaseCountsItsWalls() async throws {
        let cleanup = Cleanup()
        do {
            try await upgradeAndChange(database: try TestDatabaseClient(url: try await TestDatabase.create(cleanup)))
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }

    private func upgradeAndChange(database: TestDatabaseClient) async throws {
        try await database.whileRunning {
            let before = PostgresMigrations.all.prefix { $0.name != "v12-wall-item-counts" }
            #expect(before.count < PostgresMigrations.all.count, "v12 is in the history")
            try await PostgresMigrator.migrate(database.client, logger: database.logger, migrations: Array(before))
            _ = try await database.strings("""
                WITH u AS (
                    INSERT INTO users (id, username, password_hash, created_at)
                    VALUES ('00000000-0000-0000-0000-00000000000a', 'alice', 'x', now()) RETURNING id
                )
                INSERT INTO walls (id, user_id, slug, name, is_default, position, created_at)
                SELECT w.id::uuid, u.id, w.slug, w.slug, w.slug = 'inbox', w.position, now()
                FROM u, (VALUES ('00000000-0000-0000-0000-000000000001', 'inbox', 0),
                                ('00000000-0000-0000-0000-000000000002', 'work', 1),
                                ('00000000-0000-0000-0000-000000000003', 'empty', 2)) AS w (id, slug, position)
                RETURNING slug
                """)
            try await insert(["i0": "inbox", "i1": "work", "i2": "work"], database)

            try await PostgresMigrator.migrate(database.client, logger: database.logger)
            #expect(try await counts(database) == ["empty": 0, "inbox": 1, "work": 2])

            try await insert(["i3": "empty", "i4": "inbox", "i5": "empty", "i6": "work"], database)
            #expect(try await counts(database) == ["empty": 2, "inbox": 2, "work": 3])
            try await change("UPDATE items SET wall_id = (SELECT id FROM walls WHERE slug = 'inbox') WHERE text IN ('i1', 'i3')", database)
            #expect(try await counts(database) == ["empty": 1, "inbox": 4, "work": 2])
            try await change("UPDATE items SET title = 'renamed'", database)
            #expect(try await counts(database) == ["empty": 1, "inbox": 4, "work": 2])
            try await change("DELETE FROM items WHERE text IN ('i0', 'i5')", database)
            #expect(try await counts(database) == ["empty": 0, "inbox": 3, "work": 2])
            let listed = try await database.strings("""
                SELECT w.slug || '=' || count(i.id) FROM walls w LEFT JOIN items i ON i.wall_id = w.id
                GROUP BY w.slug ORDER BY w.slug
                """)
            #expect(listed == ["empty=0", "inbox=3", "work=2"])
        }
    }

    /// Inserts one item per entry (text → wall slug) in one statement.
    private func insert(_ items: [String: String], _ database: TestDatabaseClient) async throws {
        let entries = items.sorted { $0.key < $1.key }
        let texts = entries.map(\.key)
        let slugs = entries.map(\.value)
        _ = try await database.strings("""
            INSERT INTO items (id, user_id, wall_id, kind, text, source, state, created_at, updated_at, sort_key, search)
            SELECT gen_random_uuid(), w.user_id, w.id, 'text', n.text, 'cli', 'ready', now(), now(), nextval('events_seq'), ''
            FROM unnest(\(texts)::text[], \(slugs)::text[]) AS n (text, slug) JOIN walls w ON w.slug = n.slug
            RETURNING text
            """)
    }

    private func change(_ statement: String, _ database: TestDatabaseClient) async throws {
        try await database.client.query(PostgresQuery(unsafeSQL: statement), logger: database.logger)
    }

    private func counts(_ database: TestDatabaseClient) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try await database.strings("SELECT slug || '=' || item_count FROM walls") {
            let parts = row.split(separator: "=")
            counts[String(parts[0])] = Int(parts[1])
        }
        return counts
    }
}
