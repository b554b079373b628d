import Foundation
import Testing
import WallApp
import WallCore
import WallStore

/// The runner on both stores: it runs what is enqueued with the handler of its kind, records
/// failures, gives jobs back when it stops, and picks up a job whose worker process was killed.
@Suite("Job runner")
struct JobRunnerTests {
    @Test("Jobs enqueued with shares run once each and leave the queue", .timeLimit(.minutes(5)),
          arguments: JobStoreFactory.all)
    func runsWhatIsEnqueued(_ factory: JobStoreFactory) async throws {
        try await factory.withStore(followUps: FollowUpPolicy([.url: [.enrich]])) { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()
            let ran = RunLog()
            let runner = JobRunner(queue: store.jobs, concurrency: 3, pollInterval: .seconds(30))
            runner.register(.enrich) { job in
                // The handler reads the item the job is for.
                let itemID = try #require(job.itemID)
                let item = try #require(try await store.item(id: itemID, userID: alice.id))
                ran.record(job.id, note: item.url ?? "")
            }
            try await running(runner) {
                // The wake-up, not the 30 s poll, starts each job.
                var urls: [String] = []
                for number in 1...10 {
                    let url = "https://example.com/\(number)"
                    urls.append(url)
                    _ = try await store.save(linkShare(url), for: alice)
                }
                await ran.wait(for: 10)
                #expect(Set(ran.notes) == Set(urls))
                #expect(ran.duplicates.isEmpty)
                try await waitUntil { try await store.jobs.all().isEmpty }
            }
        }
    }

    @Test("A failing handler's job is retried later; a permanent failure is dead", .timeLimit(.minutes(5)),
          arguments: JobStoreFactory.all)
    func recordsFailures(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let queue = opened.store.jobs
            let ran = RunLog()
            let runner = JobRunner(queue: queue, retry: .tests, pollInterval: .seconds(30))
            runner.register("flaky") { job in
                ran.record(job.id)
                throw JobFailure.transient("not now")
            }
            runner.register("broken") { job in
                ran.record(job.id)
                throw JobFailure.permanent("never")
            }
            try await running(runner) {
                let flaky = try await queue.enqueue(NewJob(kind: "flaky"))
                let broken = try await queue.enqueue(NewJob(kind: "broken"))
                await ran.wait(for: 2)
                try await waitUntil { try await queue.job(id: broken.id)?.state == .dead }
                try await waitUntil { try await queue.job(id: flaky.id)?.lastError == "not now" }
                let retried = try #require(try await queue.job(id: flaky.id))
                #expect(retried.state == .queued)
                #expect(retried.attempts == 1)
                #expect(retried.runAt.timeIntervalSince(flaky.createdAt) >= 10, "waits out its backoff")
                #expect(try await queue.job(id: broken.id)?.lastError == "never")
            }
        }
    }

    @Test("A stopping runner gives a running job back to the queue", .timeLimit(.minutes(5)),
          arguments: JobStoreFactory.all)
    func stopReleases(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let queue = opened.store.jobs
            let started = RunLog()
            let runner = JobRunner(queue: queue, pollInterval: .seconds(30), shutdownGrace: .milliseconds(100))
            runner.register(.enrich) { job in
                started.record(job.id)
                try await Task.sleep(for: .seconds(3_600))
            }
            let job = try await queue.enqueue(NewJob(kind: .enrich))
            try await running(runner) {
                await started.wait(for: 1)
                let state = try await queue.job(id: job.id)?.state
                #expect(state == .running)
            }
            let released = try #require(try await queue.job(id: job.id))
            #expect(released.state == .queued)
            #expect(released.attempts == 0)
            #expect(released.lease == nil)
        }
    }

    @Test("With no handler the runner claims nothing", .timeLimit(.minutes(5)), arguments: JobStoreFactory.all)
    func idleWithoutHandlers(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let job = try await opened.store.jobs.enqueue(NewJob(kind: .enrich))
            let runner = JobRunner(queue: opened.store.jobs, pollInterval: .milliseconds(10))
            try await running(runner) {
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(try await opened.store.jobs.job(id: job.id)?.state == .queued)
        }
    }

    /// A real worker process claims the job and is killed with SIGKILL while holding it (no
    /// chance to give it back); once its lease expires, another worker runs the job.
    @Test("A job held by a killed worker process is run by another once its lease expires",
          .timeLimit(.minutes(5)), arguments: JobStoreFactory.all)
    func killedWorkerJobIsPickedUp(_ factory: JobStoreFactory) async throws {
        // Real time here: the worker process's clock and ours must agree.
        let cleanup = Cleanup()
        do {
            try await killAndPickUp(try await factory.make(cleanup, JobClock(), .none))
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }

    private func killAndPickUp(_ opened: JobStoreFactory.Opened) async throws {
        let store = try opened.reopen(Date.init)
        try await store.whileRunning {
            let job = try await store.jobs.enqueue(NewJob(kind: .enrich, payload: "survives its worker"))

            let worker = try JobWorkerProcess(location: opened.location, kind: .enrich, leaseSeconds: 2)
            let (claimedID, owner) = try await worker.claimed()
            #expect(claimedID == job.id)
            worker.kill()
            let held = try #require(try await store.jobs.job(id: job.id))
            #expect(held.state == .running)
            #expect(held.leaseOwner == owner)

            let ran = RunLog()
            let runner = JobRunner(queue: store.jobs, owner: "survivor", pollInterval: .milliseconds(100))
            runner.register(.enrich) { job in ran.record(job.id, note: job.payload ?? "") }
            try await running(runner) {
                await ran.wait(for: 1)
            }
            #expect(ran.notes == ["survives its worker"])
            #expect(try await store.jobs.job(id: job.id) == nil, "completed by the survivor")
        }
    }
}

// MARK: Helpers

/// Runs `runner` while `body` runs, then stops it (cancellation) and waits for it to end.
func running(_ runner: JobRunner, _ body: () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await runner.run() }
        do {
            try await body()
        } catch {
            group.cancelAll()
            throw error
        }
        group.cancelAll()
        try await group.waitForAll()
    }
}

/// Polls `condition` until it holds (bounded): for a state another task reaches on its own.
func waitUntil(_ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("the condition did not hold within 20 s")
}

/// What handlers ran, for tests to wait on and check.
final class RunLog: Sendable {
    private struct State {
        var runs: [UUID] = []
        var notes: [String] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// Records a run.
    func record(_ id: UUID, note: String = "") {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.runs.append(id)
            state.notes.append(note)
            let count = state.runs.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `count` runs are recorded.
    func wait(for count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.runs.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    var runs: [UUID] { state.withLock { $0.runs } }
    var notes: [String] { state.withLock { $0.notes } }
    /// Jobs that ran more than once.
    var duplicates: [UUID] {
        Dictionary(grouping: runs, by: { $0 }).filter { $0.value.count > 1 }.map(\.key)
    }
}

/// The `JobWorkerFixture` executable, built beside the tests: a worker that claims one job and
/// holds it until killed.
final class JobWorkerProcess: Sendable {
    private let process: Process
    private let output: Pipe

    init(location: [String], kind: JobKind, leaseSeconds: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        process.arguments = location + [kind.rawValue, String(leaseSeconds)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        self.process = process
        self.output = output
    }

    /// Waits for the worker's `claimed JOB OWNER` line.
    func claimed() async throws -> (UUID, String) {
        let handle = output.fileHandleForReading
        let line = try await Task.detached {
            var bytes = Data()
            while let byte = try handle.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { bytes += byte }
            return String(decoding: bytes, as: UTF8.self)
        }.value
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "claimed", let id = UUID(uuidString: String(words[1])) else {
            throw FixtureFailed(output: line)
        }
        return (id, String(words[2]))
    }

    /// SIGKILL, and waits for the process to be gone.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    struct FixtureFailed: Error { var output: String }

    static var binaryPath: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("JobWorkerFixture").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return ".build/debug/JobWorkerFixture"
    }
}
