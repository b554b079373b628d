import Foundation

/// A real `dwall serve` process on 127.0.0.1 with its own data folder, for tests that need the
/// binary itself: kills, restarts, signals, admin commands beside a running server.
final class ServerProcess: @unchecked Sendable {
    let dataDirectory: String
    /// The PostgreSQL database it keeps its state in; SQLite in the data folder when `nil`.
    let databaseURL: String?
    private(set) var port = 0
    private var process: Process?
    private var logHandle: FileHandle?
    let logPath: String

    /// Makes a fresh data folder; state goes to `databaseURL` when given.
    init(databaseURL: String? = nil) throws {
        self.databaseURL = databaseURL
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dwall-e2e-\(UUID().uuidString)").path
        logPath = dataDirectory + ".log"
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
    }

    /// Serves an existing data folder (a restored backup, say), with its state in `databaseURL`
    /// when given; `cleanUp` removes the folder too.
    init(existingDataDirectory: String, databaseURL: String? = nil) {
        self.databaseURL = databaseURL
        dataDirectory = existingDataDirectory
        logPath = existingDataDirectory + ".log"
    }

    /// Fast bcrypt for tests, and no text recognition unless a test turns it on
    /// (`RecognitionAttackTests`: `DWALL_OCR=1`), so other tests' pictures make no
    /// `recognize` jobs; the rest as production.
    static let environment = ["DWALL_BCRYPT_COST": "4", "DWALL_LINK_PREVIEWS": "0", "DWALL_OCR": "0"]

    /// More environment for the server and its admin commands (an S3 store's endpoint and keys).
    var extraEnvironment: [String: String] = [:]

    /// Runs an admin command against this server's data folder.
    func admin(_ arguments: [String], input: String? = nil) throws -> CommandResult {
        try CommandRunner.run(arguments + storageArguments, input: input, environment: Self.environment.merging(extraEnvironment) { $1 })
    }

    /// Makes a user and returns a fresh token for them.
    func makeUser(_ name: String = "alice") throws -> String {
        let created = try admin(["user", "create", name, "--password-stdin"], input: "correct horse battery\n")
        guard created.status == 0 else { throw ProcessFailure("user create failed: \(created.errorOutput)") }
        let token = try admin(["token", "create", "--user", name, "--label", "tests"])
        guard token.status == 0, token.output.hasPrefix("dw_") else { throw ProcessFailure("token create failed") }
        return token.output
    }

    /// Starts `dwall serve` on a free port and waits until it says where it listens.
    func start(extraArguments: [String] = ["--rate-limit", "0"]) throws {
        if !FileManager.default.fileExists(atPath: logPath) {
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        try log.seekToEnd()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DwallBinary.path)
        process.arguments = ["serve"] + storageArguments + ["--port", "0"] + extraArguments
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }.merging(extraEnvironment) { $1 }
        process.standardOutput = log
        process.standardError = log
        try process.run()
        self.process = process
        self.logHandle = log
        port = try waitForPort()
    }

    /// Sends a signal and waits for the process to exit; returns its exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 30) throws -> Int32 {
        guard let process else { return 0 }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                throw ProcessFailure("dwall did not exit within \(timeout) s of signal \(signal); its log ends:\n\(logTail())")
            }
            usleep(10_000)
        }
        self.process = nil
        try logHandle?.close()
        return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    }

    /// The server log's last lines, for a failure report.
    private func logTail(lines: Int = 40) -> String {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// Where the server and its admin commands keep their state.
    private var storageArguments: [String] {
        ["--data", dataDirectory] + (databaseURL.map { ["--database-url", $0] } ?? [])
    }

    /// The running server's process id.
    var processID: Int32? { process?.processIdentifier }

    /// The base URL of the running server.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Stops the server if it runs and removes its files.
    func cleanUp() {
        if process != nil { _ = try? stop(signal: SIGKILL) }
        try? FileManager.default.removeItem(atPath: dataDirectory)
        if ProcessInfo.processInfo.environment["KEEP_LOG"] == nil { try? FileManager.default.removeItem(atPath: logPath) }
    }

    private func waitForPort() throws -> Int {
        let pattern = "listening on 127.0.0.1:"
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let line = log.split(separator: "\n").last(where: { $0.contains(pattern) }),
               let range = line.range(of: pattern), let port = Int(line[range.upperBound...].prefix(while: \.isNumber)),
               log.components(separatedBy: pattern).count - 1 == startCount + 1 {
                startCount += 1
                return port
            }
            guard process?.isRunning == true else { throw ProcessFailure("dwall serve exited:\n\(log)") }
            usleep(20_000)
        }
        throw ProcessFailure("dwall serve did not start within 60 s")
    }

    private var startCount = 0
}

/// A test harness failure with a readable reason.
struct ProcessFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
