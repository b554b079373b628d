import WallCore

/// Runs concurrent jobs in batches, one transaction per batch, like `GroupCommitQueue`, for
/// stores whose transactions are asynchronous.
///
/// There is no task of its own: the first caller to find the queue idle leads. It runs batches
/// until its own job is answered, then hands the lead to the oldest caller still waiting (whose
/// job is in the next batch), so no caller works for others after its own answer is in. With
/// one caller a job runs at once; under load batches grow by themselves.
final class AsyncGroupCommitQueue<Job: Sendable, Output: Sendable>: Sendable {
    /// Runs a batch in one transaction and answers each job, in order; throws when the whole
    /// transaction failed, which fails every job in it.
    typealias Execute = @Sendable ([Job]) async throws -> [Result<Output, any Error>]

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
        var leading = false
    }

    private let state = Locked(State())
    private let maxBatch: Int
    private let execute: Execute

    /// Makes a queue that runs at most `maxBatch` jobs per batch.
    init(maxBatch: Int = 256, execute: @escaping Execute) {
        self.maxBatch = maxBatch
        self.execute = execute
    }

    /// Submits a job and waits for its batch to commit.
    func submit(_ job: Job) async throws -> Output {
        let waiter = Waiter(job: job)
        let signal = await withCheckedContinuation { (continuation: CheckedContinuation<Signal, Never>) in
            waiter.signal.withLock { $0 = continuation }
            let leads = state.withLock { state -> Bool in
                state.waiting.append(waiter)
                if state.leading { return false }
                state.leading = true
                return true
            }
            if leads { continuation.resume(returning: .lead) }
        }
        switch signal {
        case .answer(let result): return try result.get()
        case .lead: return try await lead(for: waiter).get()
        }
    }

    /// Runs batches until `own` is answered, then passes the lead on (or ends it when idle).
    private func lead(for own: Waiter) async -> Result<Output, any Error> {
        while true {
            let batch = state.withLock { state -> [Waiter] in
                let batch = Array(state.waiting.prefix(maxBatch))
                state.waiting.removeFirst(batch.count)
                return batch
            }
            let results: [Result<Output, any Error>]
            do {
                results = try await execute(batch.map(\.job))
            } catch {
                results = Array(repeating: .failure(error), count: batch.count)
            }
            var mine: Result<Output, any Error>?
            for (waiter, result) in zip(batch, results) {
                if waiter === own { mine = result } else { Self.resume(waiter, with: .answer(result)) }
            }
            guard let mine else { continue }
            let next = state.withLock { state -> Waiter? in
                guard let next = state.waiting.first else {
                    state.leading = false
                    return nil
                }
                return next
            }
            if let next { Self.resume(next, with: .lead) }
            return mine
        }
    }

    private static func resume(_ waiter: Waiter, with signal: Signal) {
        let continuation = waiter.signal.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        continuation?.resume(returning: signal)
    }
}
