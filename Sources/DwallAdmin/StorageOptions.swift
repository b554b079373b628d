import ArgumentParser
import Foundation
import Logging
import WallServer
import WallStore

/// Where the data lives; shared by `serve` and the admin commands, which may run beside it.
struct StorageOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: "Data folder (env DWALL_DATA).")
    var dataDirectory: String = Environment.string("DWALL_DATA") ?? "./data"

    @Option(
        name: .customLong("database-url"),
        help: "Keep state in PostgreSQL, shared by every replica: postgres://user:password@host:port/database (env DWALL_DATABASE_URL)."
    )
    var databaseURLOption: String?

    /// The PostgreSQL URL from the flag, else from the environment; `nil` for SQLite.
    var databaseURL: String? { databaseURLOption ?? Environment.string("DWALL_DATABASE_URL") }

    /// The data folder as an absolute path.
    var absoluteDataDirectory: String {
        URL(fileURLWithPath: dataDirectory).standardizedFileURL.path
    }

    /// The SQLite database in the data folder.
    var databasePath: String { URL(fileURLWithPath: absoluteDataDirectory).appendingPathComponent("wall.sqlite").path }

    func validate() throws {
        if let databaseURL {
            do { _ = try PostgresURL.configuration(databaseURL) } catch { throw ValidationError("--database-url: \(error)") }
        }
    }

    /// Runs an admin command's work with the store open (and, for PostgreSQL, connected).
    func withAccounts<Value: Sendable>(_ body: (Accounts) async throws -> Value) async throws -> Value {
        let arguments = AdminArguments(dataDirectory: absoluteDataDirectory, databaseURL: databaseURL)
        var logger = Logger(label: "dwall.admin")
        logger.logLevel = arguments.logLevel
        return try await StoreOpener.withStore(arguments, logger: logger) { store in
            try await body(Accounts(store: store, hasher: PasswordHasher(cost: arguments.bcryptCost)))
        }
    }
}

/// The arguments an admin command opens the store with (it serves nothing).
private struct AdminArguments: AppArguments {
    var host = "127.0.0.1"
    var port = 0
    var dataDirectory: String
    var databaseURL: String?
    var rateLimit = 0.0
    var rateBurst = 0.0
    var bcryptCost: UInt8 = Environment.int("DWALL_BCRYPT_COST").map { UInt8(clamping: $0) } ?? 12
    var heartbeat = Duration.seconds(15)
    var logLevel = Logger.Level.warning
}
