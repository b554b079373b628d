import Foundation
import Logging
import WallStore

/// Opens the store the arguments point at (today: the SQLite file in the data folder).
public enum StoreOpener {
    /// Creates the data folder if needed and opens the store in it.
    public static func open(_ arguments: some AppArguments, logger: Logger) throws -> any WallStore {
        try FileManager.default.createDirectory(
            atPath: arguments.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        return try SQLiteStore(path: arguments.databasePath, logger: logger)
    }
}
