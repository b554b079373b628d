import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import WallApp
import WallServer
import WallStore

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
    /// The users are made through `Accounts` on the same store *before* the app opens it, so the
    /// app sees them as any restarted server would. The folder (and the test's PostgreSQL
    /// database, when the run has a test server) is removed afterwards.
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
        let database = try await TestAppArguments.postgresServerURL.asyncMap {
            try await PostgresAdmin.scratchDatabase(
                prefix: "wallserver", serverURL: $0, template: try await MigratedTemplate.shared.name(serverURL: $0)
            )
        }
        arguments.databaseURL = database?.url
        do {
            let value = try await run(setup, users: users, arguments: arguments, test)
            await database?.drop()
            return value
        } catch {
            await database?.drop()
            throw error
        }
    }

    private static func run<Value>(
        _ setup: TestingSetup, users: [String], arguments: TestAppArguments,
        _ test: @Sendable (TestServer, any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        try await makeUsers(users, arguments: arguments)
        let server = TestServer(arguments: arguments, gate: ShutdownGate())
        let app = try await buildApplication(arguments, gate: server.gate)
        return try await app.test(setup) { client in try await test(server, client) }
    }

    /// Runs `body` with a store of its own on the test's data (beside the app's, as an admin
    /// command would).
    func withStore<Value: Sendable>(_ body: (any WallStore) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "dwall.tests")
        logger.logLevel = .warning
        return try await StoreOpener.withStore(arguments.storeLocation, logger: logger, body)
    }

    private static func makeUsers(_ names: [String], arguments: TestAppArguments) async throws {
        let server = TestServer(arguments: arguments, gate: ShutdownGate())
        try await server.withStore { store in
            let accounts = Accounts(store: store, hasher: PasswordHasher(cost: arguments.bcryptCost))
            for name in names {
                _ = try await accounts.createUser(username: name, password: password(for: name))
            }
        }
    }
}

extension Optional {
    /// The async `map`.
    func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
