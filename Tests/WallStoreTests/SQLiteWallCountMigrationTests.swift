import Foundation
import GRDB
import Testing
@testable import WallStore

/// The walls' item counts kept in their rows on SQLite (v11): counted once on upgrade, then kept
/// by the triggers on every insert, delete and move.
@Suite struct SQLiteWallCountMigrationTests {
    @Test func anUpgradedDatabaseCountsItsWallsAndKeepsTheCounts() throws {
        let (path, folder) = try SQLiteMigrationTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try DatabaseQueue(path: path)
        let before = SQLiteMigrations.all.prefix { $0.name != "v11-wall-item-counts" }
        #expect(before.count < SQLiteMigrations.all.count, "v11 is in the history")
        try SQLiteMigrations.migrate(database, path: path, steps: Array(before))
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO users (id, username, password_hash, created_at) VALUES ('u', 'alice', 'x', 0);
                INSERT INTO walls (id, user_id, slug, name, is_default, position, created_at) VALUES
                    ('inbox', 'u', 'inbox', 'Inbox', 1, 0, 0), ('work', 'u', 'work', 'Work', 0, 1, 0),
                    ('empty', 'u', 'empty', 'Empty', 0, 2, 0);
                """)
            for (index, wall) in ["inbox", "work", "work"].enumerated() { try Self.insertItem("i\(index)", wall: wall, db) }
        }

        try SQLiteMigrations.migrate(database, path: path)
        #expect(try Self.counts(database) == ["empty": 0, "inbox": 1, "work": 2])

        try database.write { db in try Self.insertItem("i3", wall: "empty", db) }
        #expect(try Self.counts(database) == ["empty": 1, "inbox": 1, "work": 2])
        try database.write { db in try db.execute(sql: "UPDATE items SET wall_id = 'inbox' WHERE id = 'i1'") }
        #expect(try Self.counts(database) == ["empty": 1, "inbox": 2, "work": 1])
        try database.write { db in try db.execute(sql: "UPDATE items SET title = 'renamed' WHERE id = 'i2'") }
        #expect(try Self.counts(database) == ["empty": 1, "inbox": 2, "work": 1])
        try database.write { db in try db.execute(sql: "DELETE FROM items WHERE id = 'i0'") }
        #expect(try Self.counts(database) == ["empty": 1, "inbox": 1, "work": 1])
        try database.write { db in try db.execute(sql: "DELETE FROM items WHERE wall_id = 'work'") }
        #expect(try Self.counts(database) == ["empty": 1, "inbox": 1, "work": 0])
    }

    static func insertItem(_ id: String, wall: String, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO items (id, user_id, wall_id, kind, source, state, created_at, updated_at, sort_key)
                VALUES (?, 'u', ?, 'text', 'cli', 'ready', 0, 0, ?)
                """,
            arguments: [id, wall, Int.random(in: 1...1_000_000)]
        )
    }

    static func counts(_ database: DatabaseQueue) throws -> [String: Int] {
        try database.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, item_count FROM walls").map {
                (($0["id"] as String), ($0["item_count"] as Int))
            })
        }
    }
}
