import Foundation
import Testing
import WallApp
import WallCore
import WallStore

/// What only PostgreSQL's queue must get right: workers in separate pools (replicas) claiming
/// at the same time never get the same job, and a job enqueued on one replica wakes the others.
@Suite("PostgreSQL job queue", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresJobQueueTests {
    @Test("Claimers on two replicas racing for 300 jobs get each job once", .timeLimit(.minutes(5)))
    func concurrentClaimsAreDisjoint() async throws {
        try await withTwoReplicas { a, b in
            let enqueued = try await a.jobs.enqueue((1...300).map { NewJob(kind: .enrich, payload: "\($0)") })
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for worker in 0..<8 {
                    let queue = (worker % 2 == 0 ? a : b).jobs
                    group.addTask {
                        var mine: [UUID] = []
                        while true {
                            let batch = try await queue.claim(owner: "worker-\(worker)", limit: 3)
                            if batch.isEmpty { return mine }
                            mine += batch.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: [[UUID]]()) { $0.append($1) }
            }
            let all = claims.flatMap { $0 }
            #expect(all.count == 300, "every job claimed once, none twice")
            #expect(Set(all) == Set(enqueued.map(\.id)))
            #expect(claims.filter { !$0.isEmpty }.count > 1, "the claimers raced")
        }
    }

    @Test("Runners on two replicas run every job exactly once, never two at the same time", .timeLimit(.minutes(5)))
    func twoRunnersRunEachJobOnce() async throws {
        try await withTwoReplicas { a, b in
            let ran = RunLog()
            let inFlight = Locked(Set<UUID>())
            let overlaps = Locked(0)
            let runners = [a, b].enumerated().map { index, replica in
                let runner = JobRunner(queue: replica.jobs, owner: "replica-\(index)", concurrency: 4, pollInterval: .seconds(30))
                runner.register(.enrich) { job in
                    if inFlight.withLock({ !$0.insert(job.id).inserted }) { overlaps.withLock { $0 += 1 } }
                    // Some work, so that runs overlap in time.
                    await Task.yield()
                    try await Task.sleep(for: .milliseconds(2))
                    _ = inFlight.withLock { $0.remove(job.id) }
                    ran.record(job.id, note: "replica-\(index)")
                }
                return runner
            }
            try await running(runners[0]) {
                try await running(runners[1]) {
                    // Enqueued on A in batches; B learns of them by NOTIFY (the poll is 30 s).
                    var enqueued: [UUID] = []
                    for batch in 0..<10 {
                        enqueued += try await a.jobs.enqueue((1...20).map { NewJob(kind: .enrich, payload: "\(batch)-\($0)") })
                            .map(\.id)
                    }
                    await ran.wait(for: 200)
                    #expect(Set(ran.runs) == Set(enqueued))
                    #expect(ran.duplicates.isEmpty)
                    #expect(overlaps.withLock { $0 } == 0)
                    #expect(Set(ran.notes).count == 2, "both replicas ran jobs")
                    try await waitUntil { try await a.jobs.all().isEmpty }
                }
            }
        }
    }

    /// Two stores (own pools, own listeners) on one fresh database.
    private func withTwoReplicas(_ body: (any WallStore, any WallStore) async throws -> Void) async throws {
        let cleanup = Cleanup()
        do {
            let url = try await TestDatabase.createMigrated(cleanup)
            let a = try PostgresStore(url: url, maxConnections: 6)
            let b = try PostgresStore(url: url, maxConnections: 6)
            try await a.whileRunning {
                try await b.whileRunning {
                    _ = try await a.userCount()
                    _ = try await b.userCount()
                    try await body(a, b)
                }
            }
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }
}
