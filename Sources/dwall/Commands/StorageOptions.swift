import ArgumentParser
import Foundation
import Logging
import WallServer
import WallStore

/// Where the data lives; shared by `serve` and the admin commands, which may run beside it.
struct StorageOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: "Data folder (env DWALL_DATA).")
    var dataDirectory: String = Environment.string("DWALL_DATA") ?? "./data"

    /// The data folder as an absolute path.
    var absoluteDataDirectory: String {
        URL(fileURLWithPath: dataDirectory).standardizedFileURL.path
    }

    /// Opens the store for an admin command.
    func openAccounts() throws -> Accounts {
        let arguments = AdminArguments(dataDirectory: absoluteDataDirectory)
        let store = try StoreOpener.open(arguments, logger: Logger(label: "dwall.admin"))
        return Accounts(store: store, hasher: PasswordHasher(cost: arguments.bcryptCost))
    }
}

/// The arguments an admin command opens the store with (it serves nothing).
private struct AdminArguments: AppArguments {
    var host = "127.0.0.1"
    var port = 0
    var dataDirectory: String
    var rateLimit = 0.0
    var rateBurst = 0.0
    var bcryptCost: UInt8 = Environment.int("DWALL_BCRYPT_COST").map { UInt8(clamping: $0) } ?? 12
    var heartbeat = Duration.seconds(15)
    var logLevel = Logger.Level.warning
}
