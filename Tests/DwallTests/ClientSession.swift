import Foundation
import ShareKit
import WallCore

/// A `dwall` client user with a home of their own (`XDG_CONFIG_HOME`, `XDG_DATA_HOME` in a
/// temporary folder): runs client commands to completion, or starts them to kill them.
struct ClientSession {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var environment: [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
        ]
    }

    /// The outbox the commands use.
    var outboxDirectory: URL { home.appendingPathComponent("data/digitalwall/outbox") }

    /// Runs `dwall ARGUMENTS` to completion, in `directory` when given.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, in directory: URL? = nil) throws -> CommandResult {
        try CommandRunner.run(arguments, input: input, environment: environment, in: directory)
    }

    /// Signs in to `server` with a user's password.
    func login(_ server: ServerProcess, user: String = "alice", password: String = "correct horse battery") throws {
        let result = try run(["login", "--server", server.baseURL.absoluteString, "--user", user, "--password-stdin"], input: password + "\n")
        guard result.status == 0 else { throw ProcessFailure("login failed (\(result.status)): \(result.errorOutput)") }
    }

    /// Starts `dwall ARGUMENTS` without waiting (for the chaos test to kill it).
    func start(_ arguments: [String]) throws -> RunningCommand {
        try RunningCommand(arguments, environment: environment)
    }

    /// What the outbox holds now.
    func outbox() throws -> OutboxSnapshot { try Outbox(directory: outboxDirectory).snapshot() }

    func cleanUp() { try? FileManager.default.removeItem(at: home) }
}
