import Foundation
import WallCore

/// Runs concurrent jobs in batches, one transaction per batch, so many shares share one commit.
///
/// While one batch commits, newly submitted jobs wait; the next batch takes all of them. With one
/// caller a job runs at once (no timer, no added latency); under load batches grow by themselves.
/// A job's caller resumes only after the batch holding it has committed (or failed).
final class GroupCommitQueue<Job: Sendable, Output: Sendable>: Sendable {
    /// Runs a batch in one transaction and answers each job, in order; throws when the whole
    /// transaction failed, which fails every job in it.
    typealias Execute = @Sendable ([Job]) throws -> [Result<Output, any Error>]

    private typealias Waiter = (job: Job, continuation: CheckedContinuation<Output, any Error>)

    private struct State {
        var waiting: [Waiter] = []
        var draining = false
    }

    private let state = Locked(State())
    private let queue: DispatchQueue
    private let maxBatch: Int
    private let execute: Execute

    /// Makes a queue; `execute` runs on a dedicated serial queue.
    init(label: String, maxBatch: Int = 512, execute: @escaping Execute) {
        self.queue = DispatchQueue(label: label)
        self.maxBatch = maxBatch
        self.execute = execute
    }

    /// Submits a job and waits for its batch to commit.
    func submit(_ job: Job) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let startDrain = state.withLock { state in
                state.waiting.append((job, continuation))
                if state.draining { return false }
                state.draining = true
                return true
            }
            if startDrain { queue.async { self.drain() } }
        }
    }

    private func drain() {
        while true {
            let batch = state.withLock { state -> [Waiter] in
                let batch = Array(state.waiting.prefix(maxBatch))
                state.waiting.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            if batch.isEmpty { return }
            do {
                let results = try execute(batch.map(\.job))
                for (waiter, result) in zip(batch, results) { waiter.continuation.resume(with: result) }
            } catch {
                for waiter in batch { waiter.continuation.resume(throwing: error) }
            }
        }
    }
}
