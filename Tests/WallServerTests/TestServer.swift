import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import WallServer

/// A fresh server for one test: its own data folder, users made before it starts, and the gate
/// that shuts it down.
struct TestServer: Sendable {
    /// What the server was built with.
    let arguments: TestAppArguments
    /// The gate passed to `buildApplication`; closing it starts the shutdown behaviour.
    let gate: ShutdownGate

    /// The password every test user is made with.
    static func password(for username: String) -> String { "secret-\(username)-pw" }

    /// Makes `users` on a new data folder, builds the app on it and runs `test` against it.
    ///
    /// The users are made through `Accounts` on the same SQLite file *before* the app opens it,
    /// so the app sees them as any restarted server would. The folder is removed afterwards.
    @discardableResult
    static func run<Value>(
        _ setup: TestingSetup = .router,
        users: [String] = ["alice"],
        configure: (inout TestAppArguments) -> Void = { _ in },
        _ test: @Sendable (TestServer, any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        var arguments = TestAppArguments()
        configure(&arguments)
        defer { try? FileManager.default.removeItem(atPath: arguments.dataDirectory) }
        try await makeUsers(users, arguments: arguments)
        let server = TestServer(arguments: arguments, gate: ShutdownGate())
        let app = try await buildApplication(arguments, gate: server.gate)
        return try await app.test(setup) { client in try await test(server, client) }
    }

    private static func makeUsers(_ names: [String], arguments: TestAppArguments) async throws {
        var logger = Logger(label: "dwall.tests")
        logger.logLevel = .warning
        let store = try StoreOpener.open(arguments, logger: logger)
        let accounts = Accounts(store: store, hasher: PasswordHasher(cost: arguments.bcryptCost))
        for name in names {
            _ = try await accounts.createUser(username: name, password: password(for: name))
        }
    }
}
