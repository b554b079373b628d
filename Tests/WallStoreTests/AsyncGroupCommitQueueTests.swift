import Testing
import WallCore
@testable import WallStore

/// The PostgreSQL store's group-commit queue: a batch that has handed off lets the next one be
/// gathered and started beside it, never more than `depth` at once, and every caller gets its
/// own job's answer.
@Suite struct AsyncGroupCommitQueueTests {
    /// A queue whose batches are recorded as they start and end only when the test opens their
    /// gate (named by their oldest job); each batch hands off at once when `handsOff`.
    private static func gatedQueue(depth: Int, handsOff: Bool) -> (AsyncGroupCommitQueue<Int, Int>, Locked<[[Int]]>, Gates) {
        gatedQueue(depth: { depth }, handsOff: handsOff)
    }

    private static func gatedQueue(
        depth: @escaping @Sendable () -> Int, handsOff: Bool
    ) -> (AsyncGroupCommitQueue<Int, Int>, Locked<[[Int]]>, Gates) {
        let started = Locked<[[Int]]>([])
        let gates = Gates()
        let queue = AsyncGroupCommitQueue<Int, Int>(depth: depth) { jobs, handOff in
            started.withLock { $0.append(jobs) }
            if handsOff { handOff() }
            await gates.wait(jobs[0])
            return jobs.map { .success($0 * 10) }
        }
        return (queue, started, gates)
    }

    @Test("With depth 2, a batch that handed off lets the next start beside it; a third waits for one to end",
          .timeLimit(.minutes(1)))
    func secondBatchStartsBesideTheFirst() async throws {
        let (queue, started, gates) = Self.gatedQueue(depth: 2, handsOff: true)
        let first = Task { try await queue.submit(1) }
        try await waitUntil { started.withLock { $0 } == [[1]] }
        let second = Task { try await queue.submit(2) }
        try await waitUntil { started.withLock { $0 } == [[1], [2]] }

        let third = Task { try await queue.submit(3) }
        try await waitUntil { queue.status.waiting == 1 }
        // Not chosen to lead: it can't start before a batch ends.
        #expect(queue.status == .init(waiting: 1, running: 2, leaderChosen: false))
        #expect(started.withLock { $0 } == [[1], [2]], "two batches in flight already")

        gates.open(1)
        #expect(try await first.value == 10)
        try await waitUntil { started.withLock { $0 } == [[1], [2], [3]] }
        gates.open(2)
        gates.open(3)
        #expect(try await second.value == 20)
        #expect(try await third.value == 30)
    }

    @Test("Until a batch hands off, the next one waits, and then takes every job waiting", .timeLimit(.minutes(1)))
    func noHandOffNoOverlap() async throws {
        let (queue, started, gates) = Self.gatedQueue(depth: 2, handsOff: false)
        let first = Task { try await queue.submit(1) }
        try await waitUntil { started.withLock { $0 } == [[1]] }
        let later = [2, 3].map { job in Task { try await queue.submit(job) } }
        try await waitUntil { queue.status.waiting == 2 }
        #expect(queue.status == .init(waiting: 2, running: 1, leaderChosen: true), "the first batch still leads")
        #expect(started.withLock { $0 } == [[1]])

        gates.open(1)
        #expect(try await first.value == 10)
        try await waitUntil { started.withLock { $0 }.count == 2 }
        #expect(Set(started.withLock { $0 }[1]) == [2, 3], "one batch of both")
        gates.open(started.withLock { $0 }[1][0])
        #expect(try await later[0].value == 20)
        #expect(try await later[1].value == 30)
    }

    @Test("A depth lowered to 1 keeps the next batch waiting for the running one; raised again, two run beside each other",
          .timeLimit(.minutes(1)))
    func depthIsReadWheneverABatchCouldStart() async throws {
        let depth = Locked(1)
        let (queue, started, gates) = Self.gatedQueue(depth: { depth.withLock { $0 } }, handsOff: true)
        let first = Task { try await queue.submit(1) }
        try await waitUntil { started.withLock { $0 } == [[1]] }
        let second = Task { try await queue.submit(2) }
        try await waitUntil { queue.status.waiting == 1 }
        // The first handed off, but one batch is the most now.
        #expect(queue.status == .init(waiting: 1, running: 1, leaderChosen: false))
        #expect(started.withLock { $0 } == [[1]])

        gates.open(1)
        #expect(try await first.value == 10)
        try await waitUntil { started.withLock { $0 } == [[1], [2]] }
        depth.withLock { $0 = 2 }
        let third = Task { try await queue.submit(3) }
        try await waitUntil { started.withLock { $0 } == [[1], [2], [3]] }
        #expect(queue.status.running == 2, "the third started beside the second")
        gates.open(2)
        gates.open(3)
        #expect(try await second.value == 20)
        #expect(try await third.value == 30)
    }

    @Test("A batch that throws fails its own jobs only; the next batch runs", .timeLimit(.minutes(1)))
    func failedBatchFailsItsOwnJobs() async throws {
        struct Refused: Error {}
        let queue = AsyncGroupCommitQueue<Int, Int>(depth: 2) { jobs, _ in
            if jobs.contains(1) { throw Refused() }
            return jobs.map { .success($0) }
        }
        await #expect(throws: Refused.self) { try await queue.submit(1) }
        #expect(try await queue.submit(2) == 2)
    }
}

/// Gates a test opens by number; a waiter on an open gate goes on at once.
private final class Gates: Sendable {
    private struct State {
        var open: Set<Int> = []
        var waiting: [Int: [CheckedContinuation<Void, Never>]] = [:]
    }

    private let state = Locked(State())

    /// Waits until gate `key` is open.
    func wait(_ key: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state -> Bool in
                if state.open.contains(key) { return true }
                state.waiting[key, default: []].append(continuation)
                return false
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Opens gate `key`, letting its waiters go on.
    func open(_ key: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open.insert(key)
            return state.waiting.removeValue(forKey: key) ?? []
        }
        for waiter in waiters { waiter.resume() }
    }
}
