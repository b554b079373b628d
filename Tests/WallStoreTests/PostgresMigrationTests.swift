import Foundation
import Logging
import PostgresNIO
import Testing
@testable import WallStore

/// Upgrades on PostgreSQL: every pending step in one transaction, so a step that fails leaves the
/// database as it was and the start is refused with the step's name.
@Suite("PostgreSQL migrations", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresMigrationTests {
    @Test("A failing step rolls back the whole upgrade, the steps before it included")
    func aFailingStepLeavesTheDatabaseAsItWas() async throws {
        let cleanup = Cleanup()
        do {
            try await upgradeWithABrokenStep(database: try TestDatabaseClient(url: try await TestDatabase.create(cleanup)))
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }

    @Test("An admin command's store refuses a database an older dwall made, untouched; the server's upgrades it")
    func anAdminCommandLeavesAnOlderDatabaseAlone() async throws {
        let cleanup = Cleanup()
        do {
            let url = try await TestDatabase.create(cleanup)
            let database = try TestDatabaseClient(url: url)
            try await database.whileRunning {
                let older = Array(PostgresMigrations.all.dropLast())
                try await PostgresMigrator.migrate(database.client, logger: database.logger, migrations: older)
                let applied = { try await database.strings("SELECT name FROM dwall_migrations ORDER BY name") }
                let before = try await applied()

                let admin = try PostgresStore(url: url, maxConnections: 2, migrations: .requireCurrent)
                let failure = await #expect(throws: MigrationFailure.self) { try await admin.run() }
                #expect(failure?.reason == .olderDatabase)
                #expect(failure?.migration == PostgresMigrations.all.last?.name)
                #expect(try await applied() == before, "nothing applied")

                let server = try PostgresStore(url: url, maxConnections: 2)
                try await server.whileRunning { _ = try await server.userCount() }
                #expect(try await applied() == PostgresMigrations.all.map(\.name).sorted())
                let later = try PostgresStore(url: url, maxConnections: 2, migrations: .requireCurrent)
                try await later.whileRunning { _ = try await later.userCount() }
            }
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }

    @Test("An admin command's store sets up a new, empty database")
    func anAdminCommandSetsUpANewDatabase() async throws {
        let cleanup = Cleanup()
        do {
            let url = try await TestDatabase.create(cleanup)
            let admin = try PostgresStore(url: url, maxConnections: 2, migrations: .requireCurrent)
            try await admin.whileRunning { _ = try await admin.userCount() }
            let database = try TestDatabaseClient(url: url)
            try await database.whileRunning {
                let applied = try await database.strings("SELECT name FROM dwall_migrations ORDER BY name")
                #expect(applied == PostgresMigrations.all.map(\.name).sorted())
            }
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }

    private func upgradeWithABrokenStep(database: TestDatabaseClient) async throws {
        try await database.whileRunning {
            let released = Array(PostgresMigrations.all.prefix(2))
            try await PostgresMigrator.migrate(database.client, logger: database.logger, migrations: released)
            _ = try await database.strings("""
                INSERT INTO users (id, username, password_hash, created_at)
                VALUES (gen_random_uuid(), 'alice', 'x', now()) RETURNING username
                """)

            let upgrade = released + [
                PostgresMigration(name: "v90-new-table", statements: ["CREATE TABLE added (id integer)"]),
                PostgresMigration(name: "v91-broken", statements: ["ALTER TABLE no_such_table ADD COLUMN x text"]),
            ]
            let failure = await #expect(throws: MigrationFailure.self) {
                try await PostgresMigrator.migrate(database.client, logger: database.logger, migrations: upgrade)
            }
            #expect(failure?.migration == "v91-broken")
            #expect(failure?.description.contains("Nothing was changed") == true)

            let added = try await database.strings("SELECT count(*)::text FROM pg_class WHERE relname = 'added'")
            let applied = try await database.strings("SELECT name FROM dwall_migrations ORDER BY name")
            let users = try await database.strings("SELECT username FROM users")
            #expect(added == ["0"], "the step before the broken one is rolled back with it")
            #expect(applied == released.map(\.name).sorted())
            #expect(users == ["alice"])
        }
    }
}
