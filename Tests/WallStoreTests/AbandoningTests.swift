import Foundation
import Logging
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// `abandoningOnCancel`: an operation that may never end (a query written to a connection
/// closed at the same moment) still lets its caller go when cancelled.
@Suite struct AbandoningTests {
    @Test("What the operation returns or throws comes through")
    func passesTheOutcomeThrough() async throws {
        #expect(try await abandoningOnCancel { 42 } == 42)
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await abandoningOnCancel { () async throws -> Int in throw Refused() } }
    }

    @Test("Cancelled, the caller goes at once while the operation runs on", .timeLimit(.minutes(1)))
    func cancellingLeavesAnOperationThatNeverEnds() async throws {
        let started = Locked(false)
        let caller = Task {
            try await abandoningOnCancel { () async throws -> Int in
                started.withLock { $0 = true }
                // Not cancelled with the caller: it runs in a task of its own.
                try? await Task.sleep(for: .seconds(3_600))
                return 1
            }
        }
        try await waitUntil { started.withLock { $0 } }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }

    @Test("A caller cancelled before it begins is let go at once")
    func alreadyCancelled() async {
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await abandoningOnCancel { 1 }
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
    }

    @Test("A query on a connection closed under it lets its caller go when cancelled",
          .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"), .timeLimit(.minutes(1)))
    func aQueryOnAClosedConnection() async throws {
        let cleanup = Cleanup()
        do {
            let database = try TestDatabaseClient(url: try await TestDatabase.create(cleanup))
            try await database.whileRunning {
                try await database.client.withConnection { connection in
                    // PostgresNIO drops a query written to a closed channel: it would wait for ever.
                    try await connection.close()
                    let logger = database.logger
                    let asked = Locked(false)
                    let caller = Task {
                        _ = try await abandoningOnCancel {
                            asked.withLock { $0 = true }
                            return try await connection.query("SELECT 1", logger: logger)
                        }
                    }
                    try await waitUntil { asked.withLock { $0 } }
                    caller.cancel()
                    // Let go: cancelled (or failed, by a PostgresNIO that fails such a query).
                    await #expect(throws: (any Error).self) { try await caller.value }
                }
            }
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }
}
