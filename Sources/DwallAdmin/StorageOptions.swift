import ArgumentParser
import Foundation
import Logging
import WallApp
import WallStore

/// Where the data lives; shared by `serve` and the admin commands, which may run beside it.
public struct StorageOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("data"), help: "Data folder (env DWALL_DATA).")
    public var dataDirectory: String = Environment.string("DWALL_DATA") ?? "./data"

    @Option(
        name: .customLong("database-url"),
        help: "Keep state in PostgreSQL, shared by every replica: postgres://user:password@host:port/database (env DWALL_DATABASE_URL)."
    )
    var databaseURLOption: String?

    /// The PostgreSQL URL from the flag, else from the environment; `nil` for SQLite.
    public var databaseURL: String? { databaseURLOption ?? Environment.string("DWALL_DATABASE_URL") }

    /// The data folder as an absolute path.
    public var absoluteDataDirectory: String {
        URL(fileURLWithPath: dataDirectory).standardizedFileURL.path
    }

    /// The SQLite database in the data folder.
    public var databasePath: String { URL(fileURLWithPath: absoluteDataDirectory).appendingPathComponent("wall.sqlite").path }

    /// Makes the options from their defaults (the flags and environment fill them in).
    public init() {}

    /// Refuses a database URL that is not one.
    public func validate() throws {
        if let databaseURL {
            do { _ = try PostgresURL.configuration(databaseURL) } catch { throw ValidationError("--database-url: \(error)") }
        }
    }

    /// Where the data lives, as the flags and environment say.
    public var location: StoreLocation {
        StoreLocation(dataDirectory: absoluteDataDirectory, databaseURL: databaseURL)
    }

    /// Runs an admin command's work with the store open (and, for PostgreSQL, connected); new
    /// passwords are hashed at `DWALL_BCRYPT_COST` (12 unless set).
    func withAccounts<Value: Sendable>(_ body: (Accounts) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "dwall.admin")
        logger.logLevel = .warning
        let cost = Environment.int("DWALL_BCRYPT_COST").map { UInt8(clamping: $0) } ?? 12
        return try await StoreOpener.withStore(location, logger: logger) { store in
            try await body(Accounts(store: store, hasher: PasswordHasher(cost: cost)))
        }
    }
}
