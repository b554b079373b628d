import WallCore

/// Runs concurrent jobs in batches, one transaction per batch, like `GroupCommitQueue`, for
/// stores whose transactions are asynchronous, with up to `depth` batches in flight.
///
/// There is no task of its own: the oldest waiting caller leads the next batch, which holds its
/// own job. A batch's leader runs it and answers its callers; once the batch calls its hand-off
/// (a PostgreSQL batch does as it sends its `COMMIT`), the next batch may be gathered and
/// started beside it, so that it waits, ready, for the lock while the one before commits and
/// its callers are answered. (Handing off later keeps batches as large as with one at a time:
/// the next takes every share that came while this one ran.) With one caller a job runs at once; under load batches grow by
/// themselves. With `depth` 1 a batch starts only after the one before has ended. The depth may
/// change as the queue runs (it is read each time a batch could start); a batch already running
/// runs on.
final class AsyncGroupCommitQueue<Job: Sendable, Output: Sendable>: Sendable {
    /// Runs a batch in one transaction and answers each job, in order; throws when the whole
    /// transaction failed, which fails every job in it. It may call its hand-off (once or more)
    /// when the next batch may start; ending counts as handing off.
    typealias Execute = @Sendable (_ jobs: [Job], _ handOff: @escaping @Sendable () -> Void) async throws
        -> [Result<Output, any Error>]

    private enum Signal {
        case answer(Result<Output, any Error>)
        case lead
    }

    private final class Waiter: Sendable {
        let job: Job
        let signal: Locked<CheckedContinuation<Signal, Never>?>

        init(job: Job) {
            self.job = job
            self.signal = Locked(nil)
        }
    }

    private struct State {
        var waiting: [Waiter] = []
        /// A leader has been chosen and its batch has not handed off yet.
        var gathering = false
        /// Batches taken and not yet ended.
        var running = 0

        /// Chooses the oldest waiter to lead the next batch, when one may start now.
        mutating func nextLeader(depth: Int) -> Waiter? {
            guard !gathering, running < depth, let first = waiting.first else { return nil }
            gathering = true
            return first
        }
    }

    private let state = Locked(State())
    private let maxBatch: Int
    private let depth: @Sendable () -> Int
    private let execute: Execute

    /// Makes a queue that runs at most `maxBatch` jobs per batch and at most `depth` batches at once.
    convenience init(maxBatch: Int = 256, depth: Int = 1, execute: @escaping Execute) {
        precondition(depth > 0, "a queue runs at least one batch at a time")
        self.init(maxBatch: maxBatch, depth: { depth }, execute: execute)
    }

    /// Makes a queue that runs at most `maxBatch` jobs per batch and at most `depth()` batches at
    /// once, as `depth` answers whenever a batch could start (less than 1 counts as 1).
    init(maxBatch: Int = 256, depth: @escaping @Sendable () -> Int, execute: @escaping Execute) {
        precondition(maxBatch > 0, "a queue runs at least one job per batch")
        self.maxBatch = maxBatch
        self.depth = depth
        self.execute = execute
    }

    /// The depth now, at least 1.
    private var currentDepth: Int { max(1, depth()) }

    /// Where the queue stands (for tests).
    struct Status: Equatable, Sendable {
        /// Jobs submitted and not yet taken into a batch.
        var waiting: Int
        /// Batches taken and not yet ended.
        var running: Int
        /// Whether a batch's leader is chosen and has not handed off yet (so no other may start).
        var leaderChosen: Bool
    }

    /// Where the queue stands now (for tests).
    var status: Status {
        state.withLock { Status(waiting: $0.waiting.count, running: $0.running, leaderChosen: $0.gathering) }
    }

    /// Submits a job and waits for its batch to commit.
    func submit(_ job: Job) async throws -> Output {
        let waiter = Waiter(job: job)
        let signal = await withCheckedContinuation { (continuation: CheckedContinuation<Signal, Never>) in
            waiter.signal.withLock { $0 = continuation }
            let depth = currentDepth
            let leader = state.withLock { state -> Waiter? in
                state.waiting.append(waiter)
                return state.nextLeader(depth: depth)
            }
            if let leader { Self.resume(leader, with: .lead) }
        }
        switch signal {
        case .answer(let result): return try result.get()
        case .lead: return try await lead(for: waiter).get()
        }
    }

    /// Takes the next batch (`own` is its oldest job), runs it, lets the next batch start, then
    /// answers the batch's other callers and returns `own`'s answer.
    private func lead(for own: Waiter) async -> Result<Output, any Error> {
        let batch = state.withLock { state -> [Waiter] in
            let batch = Array(state.waiting.prefix(maxBatch))
            state.waiting.removeFirst(batch.count)
            state.running += 1
            return batch
        }
        assert(batch.first === own, "a leader's own job is the oldest waiting")
        let handedOff = Locked(false)
        let handOff: @Sendable () -> Void = { [self] in
            let first = handedOff.withLock { done in
                defer { done = true }
                return !done
            }
            guard first else { return }
            let depth = currentDepth
            let next = state.withLock { state -> Waiter? in
                state.gathering = false
                return state.nextLeader(depth: depth)
            }
            if let next { Self.resume(next, with: .lead) }
        }
        let results: [Result<Output, any Error>]
        do {
            results = try await execute(batch.map(\.job), handOff)
        } catch {
            results = Array(repeating: .failure(error), count: batch.count)
        }
        handOff()
        // The next batch first, then this one's answers: its callers' replies run on their tasks.
        let depth = currentDepth
        let next = state.withLock { state -> Waiter? in
            state.running -= 1
            return state.nextLeader(depth: depth)
        }
        if let next { Self.resume(next, with: .lead) }
        var mine: Result<Output, any Error> = .failure(StoreStopped())
        for (index, waiter) in batch.enumerated() {
            let result = index < results.count ? results[index] : .failure(StoreStopped())
            if waiter === own { mine = result } else { Self.resume(waiter, with: .answer(result)) }
        }
        return mine
    }

    private static func resume(_ waiter: Waiter, with signal: Signal) {
        let continuation = waiter.signal.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        continuation?.resume(returning: signal)
    }
}
