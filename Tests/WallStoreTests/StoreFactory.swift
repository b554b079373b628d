import Foundation
import Testing
import WallCore
import WallStore

/// One kind of store the conformance suite runs against; every test runs once per factory.
///
/// A factory opens a fresh, empty store per test and registers in `cleanup` whatever has to be
/// undone afterwards (a temporary directory, a test database, a client to shut down). Stores are
/// given a `TestClock` where they take one, so every write gets its own millisecond.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    /// Shown in test results.
    let name: String
    /// Opens a fresh, empty store.
    let make: @Sendable (_ cleanup: Cleanup) async throws -> any WallStore

    var testDescription: String { name }

    /// Every store implementation: SQLite always, PostgreSQL when `DWALL_TEST_DATABASE_URL`
    /// points at a server (`scripts/test` starts one).
    static let all: [StoreFactory] = TestDatabase.serverURL == nil ? [.sqlite] : [.sqlite, .postgres]

    /// A real SQLite file in a fresh temporary directory, removed afterwards.
    static let sqlite = StoreFactory(name: "SQLite") { cleanup in
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wallstore-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        cleanup.add { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock()
        return try SQLiteStore(path: directory.appendingPathComponent("wall.sqlite").path, clock: { clock.now() })
    }

    /// A fresh database on the test server, dropped afterwards.
    static let postgres = StoreFactory(name: "PostgreSQL") { cleanup in
        let url = try await TestDatabase.createMigrated(cleanup)
        let clock = TestClock()
        return try PostgresStore(url: url, maxConnections: 4, clock: { clock.now() })
    }

    /// Runs `body` with a fresh store and cleans up afterwards, also when `body` throws.
    func withStore(_ body: (any WallStore) async throws -> Void) async throws {
        let cleanup = Cleanup()
        do {
            try await run(body, cleanup: cleanup)
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }

    /// Keeps the store local to this call, so it is released (and its files closed) before cleanup.
    private func run(_ body: (any WallStore) async throws -> Void, cleanup: Cleanup) async throws {
        let store = try await make(cleanup)
        try await store.whileRunning { try await body(store) }
    }
}

/// Things to undo after a test, run last-in first-out.
final class Cleanup: Sendable {
    private let actions = Locked<[@Sendable () async -> Void]>([])

    /// Registers something to undo.
    func add(_ action: @escaping @Sendable () async -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Undoes everything registered, newest first.
    func run() async {
        let registered = actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in registered.reversed() { await action() }
    }
}

/// A clock that moves on one millisecond every time it is read, so no two writes share a time.
final class TestClock: Sendable {
    private let millis = Locked<Int64>(1_767_225_600_000)  // 2026-01-01T00:00:00Z

    /// The current time; the next reading is one millisecond later.
    func now() -> Date {
        let current = millis.withLock { value in
            defer { value += 1 }
            return value
        }
        return Date(timeIntervalSince1970: Double(current) / 1000)
    }
}
