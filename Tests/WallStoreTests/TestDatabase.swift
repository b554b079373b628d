import Foundation
import Testing
import WallStore

/// Fresh PostgreSQL databases for tests, on the server `DWALL_TEST_DATABASE_URL` points at.
enum TestDatabase {
    /// The test server's URL, if there is one.
    static let serverURL = ProcessInfo.processInfo.environment["DWALL_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Creates an empty database that `cleanup` drops; returns its URL.
    static func create(_ cleanup: Cleanup) async throws -> String {
        let database = try await PostgresAdmin.scratchDatabase(prefix: "wallstore", serverURL: try #require(serverURL))
        cleanup.add { await database.drop() }
        return database.url
    }

    /// Creates a database already migrated (a copy of the process's migrated template) that
    /// `cleanup` drops; returns its URL. For tests of a store, not of its migrations.
    static func createMigrated(_ cleanup: Cleanup) async throws -> String {
        let database = try await PostgresMigratedTemplate.shared.scratchDatabase(
            prefix: "wallstore", serverURL: try #require(serverURL)
        )
        cleanup.add { await database.drop() }
        return database.url
    }
}
