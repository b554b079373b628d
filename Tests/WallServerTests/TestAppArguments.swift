import Foundation
import Logging
import WallCore
import WallServer

/// What a test server runs with: a fresh data folder (and database, on PostgreSQL), a free port,
/// cheap bcrypt and short waits.
struct TestAppArguments: AppArguments {
    var host = "127.0.0.1"
    var port = 0
    var dataDirectory: String
    /// PostgreSQL when the run has a test server (`DWALL_TEST_DATABASE_URL`); `TestServer` makes
    /// a fresh database for each test.
    var databaseURL: String?
    /// Off unless a test turns it on.
    var rateLimit: Double = 0
    var rateBurst: Double = 10
    var bcryptCost: UInt8 = 4
    var heartbeat: Duration = .milliseconds(250)
    /// HummingbirdTesting's live client holds one connection and never reconnects, so a test
    /// that waits on an event stream for longer than the server's idle timeout (a loaded CI
    /// machine settling an enrichment) found its next request on a closed channel. The
    /// timeout's own behaviour is proved against the real binary (`AttackTests`).
    var idleTimeout: Duration = .seconds(600)
    var logLevel: Logger.Level = .warning
    /// Largest file a share may carry.
    var maxUploadBytes: Int64 = Limits.defaultMaxUploadBytes
    /// No link previews unless a test asks (shared example.com links are not fetched).
    var linkPreviews = false
    /// Link previews may fetch from loopback only when a test says so (its fixture pages).
    var allowPrivateFetch = false
    /// No text recognition unless a test asks (`RecognitionTests`), so other tests' pictures
    /// make no `recognize` jobs and no extra events.
    var ocrLanguages: String?
    /// Proxies whose `X-Forwarded-For` is believed.
    var trustedProxies: [String] = []
    /// `--public-url`.
    var publicURL: String?
    /// The token `/metrics` asks for; nil: loopback callers only.
    var metricsToken: String?
    /// Rate limits never refill during a test, however slowly the machine runs it.
    var rateLimitClock: @Sendable () -> ContinuousClock.Instant = { [start = ContinuousClock.now] in start }

    /// Arguments pointing at a new, empty folder under the temporary directory.
    init() {
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dwall-server-tests-\(UUID().uuidString)").path
    }
}

extension TestAppArguments {
    /// The PostgreSQL server the server tests run against, if any; without one they run on SQLite.
    static let postgresServerURL = ProcessInfo.processInfo.environment["DWALL_TEST_DATABASE_URL"]
        .flatMap { $0.isEmpty ? nil : $0 }
}
