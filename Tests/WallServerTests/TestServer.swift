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
        let phases = TestRunPhases.begin("making its PostgreSQL database")
        defer {
            try? FileManager.default.removeItem(atPath: arguments.dataDirectory)
            phases.end()
        }
        let database = try await TestAppArguments.postgresServerURL.asyncMap {
            try await PostgresMigratedTemplate.shared.scratchDatabase(prefix: "wallserver", serverURL: $0)
        }
        arguments.databaseURL = database?.url
        do {
            let value = try await run(setup, users: users, arguments: arguments, phases: phases, test)
            phases.enter("dropping its PostgreSQL database")
            await database?.drop()
            return value
        } catch {
            phases.enter("dropping its PostgreSQL database after \(error)")
            await database?.drop()
            throw error
        }
    }

    private static func run<Value>(
        _ setup: TestingSetup, users: [String], arguments: TestAppArguments, phases: TestRunPhases.Run,
        _ test: @Sendable (TestServer, any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        phases.enter("making its users")
        try await makeUsers(users, arguments: arguments)
        let server = TestServer(arguments: arguments, gate: ShutdownGate())
        phases.enter("building the app")
        let app = try await buildApplication(arguments, gate: server.gate)
        phases.enter("starting the app's services")
        return try await app.test(setup) { client in
            phases.enter("running the test")
            defer { phases.enter("stopping the app's services") }
            return try await test(server, PhaseRecordingClient(client: client, run: phases))
        }
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
