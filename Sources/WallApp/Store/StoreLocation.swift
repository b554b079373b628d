import Foundation

/// Where a server's data lives: the data folder (blobs, and the SQLite database unless a
/// PostgreSQL URL is given) and, optionally, the PostgreSQL database.
public struct StoreLocation: Sendable, Equatable {
    /// The data folder.
    public var dataDirectory: String
    /// A `postgres://` URL: state in PostgreSQL (shared by every replica) instead of SQLite.
    public var databaseURL: String?

    /// Makes a location; SQLite in `dataDirectory` unless `databaseURL` is given.
    public init(dataDirectory: String, databaseURL: String? = nil) {
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
    }

    /// Where the SQLite database lives inside the data folder.
    public var databasePath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("wall.sqlite").path
    }
}
