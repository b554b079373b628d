import Foundation
import Logging
import WallStore

/// Opens the store the arguments point at: PostgreSQL when they hold a database URL, else the
/// SQLite file in the data folder.
public enum StoreOpener {
    /// Creates the data folder if needed and opens the store; new items get the jobs `followUps`
    /// names. A PostgreSQL store connects (and migrates) only once its `service` runs.
    public static func open(
        _ arguments: some AppArguments, logger: Logger, followUps: FollowUpPolicy = .none
    ) throws -> any WallStore {
        try FileManager.default.createDirectory(
            atPath: arguments.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        if let url = arguments.databaseURL {
            return try PostgresStore(url: url, logger: logger, followUps: followUps)
        }
        return try SQLiteStore(path: arguments.databasePath, logger: logger, followUps: followUps)
    }

    /// Opens the store, runs `body` with it while its background work runs, and stops that work.
    /// For commands that use the store without serving (`dwall user`, `dwall token`).
    public static func withStore<Value: Sendable>(
        _ arguments: some AppArguments, logger: Logger, _ body: (any WallStore) async throws -> Value
    ) async throws -> Value {
        let store = try open(arguments, logger: logger)
        return try await store.whileRunning { try await body(store) }
    }

    /// Where the data is, for the log line a server starts with (never the password).
    public static func describe(_ arguments: some AppArguments) -> String {
        guard let url = arguments.databaseURL else {
            return "data folder \(arguments.dataDirectory) (SQLite \(arguments.databasePath))"
        }
        return "PostgreSQL \(PostgresURL.redacted(url)), data folder \(arguments.dataDirectory)"
    }
}
