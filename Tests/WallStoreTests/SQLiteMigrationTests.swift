import Foundation
import GRDB
import Testing
@testable import WallStore

/// Upgrades on SQLite: every pending step in one transaction, and a refusal that changes nothing.
@Suite struct SQLiteMigrationTests {
    static func temporaryDatabase() throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder.appendingPathComponent("wall.sqlite").path, folder)
    }

    @Test func aFailingStepLeavesTheDatabaseAsItWas() throws {
        let (path, folder) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try DatabaseQueue(path: path)
        let released = Array(SQLiteMigrations.all.prefix(2))
        try SQLiteMigrations.migrate(database, path: path, steps: released)
        try database.write { db in
            try db.execute(sql: "INSERT INTO users (id, username, password_hash, created_at) VALUES ('u', 'alice', 'x', 0)")
        }

        // An upgrade of two steps whose second fails: the first is rolled back with it.
        let upgrade: [SQLiteMigrations.Step] = released + [
            (name: "v90-new-table", migrate: { @Sendable db in try db.execute(sql: "CREATE TABLE added (id INTEGER)") }),
            (name: "v91-broken", migrate: { @Sendable db in try db.execute(sql: "ALTER TABLE no_such_table ADD COLUMN x TEXT") }),
        ]
        let failure = #expect(throws: MigrationFailure.self) {
            try SQLiteMigrations.migrate(database, path: path, steps: upgrade)
        }
        #expect(failure?.migration == "v91-broken")
        #expect(failure?.description.contains("Nothing was changed") == true)

        let (added, applied, users) = try database.read { db in
            (
                try db.tableExists("added"),
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
                try String.fetchAll(db, sql: "SELECT username FROM users")
            )
        }
        #expect(!added, "the step before the broken one is rolled back with it")
        #expect(applied == released.map(\.name))
        #expect(users == ["alice"])
    }

    @Test func aDatabaseFromANewerDwallIsRefusedUntouched() throws {
        let (path, folder) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        do { _ = try SQLiteStore(path: path) }
        let database = try DatabaseQueue(path: path)
        try database.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-future')") }
        let before = try database.read { db in try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name") }
        try database.close()

        let failure = #expect(throws: MigrationFailure.self) { _ = try SQLiteStore(path: path) }
        #expect(failure?.reason == .newerDatabase)
        #expect(failure?.description.contains("made by a newer dwall") == true)
        let after = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        }
        #expect(after == before)
    }

    @Test func anAdminCommandsStoreRefusesAnOlderDatabaseUntouchedAndTheServersUpgradesIt() throws {
        let (path, folder) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given: a database an older dwall made (every step but the newest).
        let older = Array(SQLiteMigrations.all.dropLast())
        do {
            let database = try DatabaseQueue(path: path)
            try SQLiteMigrations.migrate(database, path: path, steps: older)
            try database.close()
        }
        let schema = { (path: String) in
            try DatabaseQueue(path: path).read { db in
                try String.fetchAll(db, sql: "SELECT coalesce(sql, name) FROM sqlite_master ORDER BY name")
            }
        }
        let before = try schema(path)

        // When: an admin command opens it. Then: refused, naming the step, nothing changed.
        let failure = #expect(throws: MigrationFailure.self) { _ = try SQLiteStore(path: path, migrations: .requireCurrent) }
        #expect(failure?.reason == .olderDatabase)
        #expect(failure?.migration == SQLiteMigrations.all.last?.name)
        #expect(try schema(path) == before)

        // The server upgrades it; then the admin command opens it.
        do { _ = try SQLiteStore(path: path) }
        #expect(try schema(path) != before)
        do { _ = try SQLiteStore(path: path, migrations: .requireCurrent) }
    }

    @Test func anAdminCommandSetsUpANewDatabase() throws {
        let (path, folder) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        do { _ = try SQLiteStore(path: path, migrations: .requireCurrent) }
        let applied = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(Set(applied) == Set(SQLiteMigrations.all.map(\.name)))
    }
}
