import Foundation
import Logging
import WallStore

/// One database per test process, migrated once, that each test's database is copied from:
/// 261 HTTP tests each migrating a fresh database at once took the PostgreSQL server past the
/// store's 30 s start limit on a loaded machine. The migrations themselves are tested on empty
/// databases in `WallStoreTests` and on every release's data in `DwallTests`.
actor MigratedTemplate {
    /// The process's template.
    static let shared = MigratedTemplate()

    private var made: Task<String, any Error>?

    /// The template's name on the server at `serverURL`, made and migrated on the first call.
    func name(serverURL: String) async throws -> String {
        if let made { return try await made.value }
        let making = Task {
            let database = try await PostgresAdmin.scratchDatabase(prefix: "wallserver_template", serverURL: serverURL)
            var logger = Logger(label: "dwall.tests")
            logger.logLevel = .warning
            // Migrated by a store's start; stopped, it closes its connections (a template copy
            // needs none open on it).
            let store = try PostgresStore(url: database.url, logger: logger, maxConnections: 2)
            try await store.whileRunning { _ = try await store.userCount() }
            return database.name
        }
        made = making
        return try await making.value
    }
}
