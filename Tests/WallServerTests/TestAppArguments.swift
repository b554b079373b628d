import Foundation
import Logging
import WallServer

/// What a test server runs with: a fresh data folder, a free port, cheap bcrypt and short waits.
struct TestAppArguments: AppArguments {
    var host = "127.0.0.1"
    var port = 0
    var dataDirectory: String
    /// Off unless a test turns it on.
    var rateLimit: Double = 0
    var rateBurst: Double = 10
    var bcryptCost: UInt8 = 4
    var heartbeat: Duration = .milliseconds(250)
    var logLevel: Logger.Level = .warning

    /// Arguments pointing at a new, empty folder under the temporary directory.
    init() {
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dwall-server-tests-\(UUID().uuidString)").path
    }
}
