import Foundation
import Logging

/// One migrated database per test process, that each test's database is copied from
/// (`CREATE DATABASE … TEMPLATE`): hundreds of tests each migrating a fresh database at once took
/// the PostgreSQL server past the store's 30 s start limit on a loaded two-core machine. For test
/// suites only; the migrations themselves are tested on empty databases.
public actor PostgresMigratedTemplate {
    /// The process's template.
    public static let shared = PostgresMigratedTemplate()

    private var made: [String: Task<String, any Error>] = [:]

    /// The template's name on the server at `serverURL`, made and migrated on the first call (it
    /// is left on the server: test servers are thrown away whole).
    public func name(serverURL: String) async throws -> String {
        if let making = made[serverURL] { return try await making.value }
        let making = Task {
            let database = try await PostgresAdmin.scratchDatabase(prefix: "dwall_template", serverURL: serverURL)
            var logger = Logger(label: "dwall.tests")
            logger.logLevel = .warning
            // Migrated by a store's start; stopped, it closes its connections (a template copy
            // needs none open on it).
            let store = try PostgresStore(url: database.url, logger: logger, maxConnections: 2)
            try await store.whileRunning { _ = try await store.userCount() }
            return database.name
        }
        made[serverURL] = making
        return try await making.value
    }

    /// A fresh database copied from the migrated template, named `prefix` and a random suffix.
    public func scratchDatabase(prefix: String, serverURL: String) async throws -> ScratchDatabase {
        let template = try await name(serverURL: serverURL)
        return try await PostgresAdmin.scratchDatabase(prefix: prefix, serverURL: serverURL, template: template)
    }
}
