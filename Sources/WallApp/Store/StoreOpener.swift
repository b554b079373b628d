import Foundation
import Logging
import WallStore

/// Opens the store a location points at: PostgreSQL when it holds a database URL, else the
/// SQLite file in the data folder.
public enum StoreOpener {
    /// Creates the data folder if needed and opens the store; new items get the jobs `followUps`
    /// names. A PostgreSQL store connects (and migrates, as `migrations` allows) only once its
    /// `service` runs.
    public static func open(
        _ location: StoreLocation, logger: Logger, followUps: FollowUpPolicy = .none,
        migrations: MigrationPolicy = .upgrade
    ) throws -> any WallStore {
        try FileManager.default.createDirectory(
            atPath: location.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        if let url = location.databaseURL {
            return try PostgresStore(url: url, logger: logger, followUps: followUps, migrations: migrations)
        }
        return try SQLiteStore(path: location.databasePath, logger: logger, followUps: followUps, migrations: migrations)
    }

    /// Opens the store, runs `body` with it while its background work runs, and stops that work.
    /// For commands that use the store without serving (`dwall user`, `dwall token`): they set
    /// up a new database but never upgrade one (`MigrationPolicy.requireCurrent`), since a
    /// server of an older version may be running on it.
    public static func withStore<Value: Sendable>(
        _ location: StoreLocation, logger: Logger, _ body: (any WallStore) async throws -> Value
    ) async throws -> Value {
        let store = try open(location, logger: logger, migrations: .requireCurrent)
        return try await store.whileRunning { try await body(store) }
    }

    /// Where the data is, for the log line a server starts with (never the password).
    public static func describe(_ location: StoreLocation) -> String {
        guard let url = location.databaseURL else {
            return "data folder \(location.dataDirectory) (SQLite \(location.databasePath))"
        }
        return "PostgreSQL \(PostgresURL.redacted(url)), data folder \(location.dataDirectory)"
    }
}
