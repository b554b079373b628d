import Foundation
import WallCore

/// Runs concurrent jobs in batches, one transaction per batch, so many shares share one commit.
///
/// While one batch commits, newly submitted jobs wait; the next batch takes all of them. With one
/// caller a job runs at once (no timer, no added latency); under load batches grow by themselves.
/// A job's caller resumes only after the batch holding it has committed (or failed).
///
/// Background jobs (`submit(_:deferrable: true)`, the job queue's claims and settles) yield to
/// the others: they wait up to `deferral` for a job that can't wait and ride in its batch, so a
/// share never queues behind a commit made only for background work while shares keep coming.
/// With nothing else arriving they are committed on their own once their deferral is up.
final class GroupCommitQueue<Job: Sendable, Output: Sendable>: Sendable {
    /// Runs a batch in one transaction and answers each job, in order; throws when the whole
    /// transaction failed, which fails every job in it.
    typealias Execute = @Sendable ([Job]) throws -> [Result<Output, any Error>]

    private struct Waiter {
        var job: Job
        var continuation: CheckedContinuation<Output, any Error>
        var deferrable: Bool
        var since: DispatchTime
    }

    private struct State {
        var waiting: [Waiter] = []
        var draining = false
        var timerScheduled = false

        /// Whether the waiting jobs should be committed now: one can't wait, or the oldest
        /// background job has waited its deferral.
        func due(at now: DispatchTime, deferral: DispatchTimeInterval) -> Bool {
            guard let oldest = waiting.first else { return false }
            return waiting.contains { !$0.deferrable } || oldest.since + deferral <= now
        }
    }

    private let state = Locked(State())
    private let queue: DispatchQueue
    private let maxBatch: Int
    private let deferral: DispatchTimeInterval
    private let execute: Execute

    /// Makes a queue; `execute` runs on a dedicated serial queue. Background jobs wait at most
    /// `deferral` for a batch to ride in.
    init(
        label: String, maxBatch: Int = 512, deferral: DispatchTimeInterval = .milliseconds(5),
        execute: @escaping Execute
    ) {
        self.queue = DispatchQueue(label: label)
        self.maxBatch = maxBatch
        self.deferral = deferral
        self.execute = execute
    }

    /// Submits a job and waits for its batch to commit; a `deferrable` one may wait up to the
    /// deferral for other jobs to share the commit with.
    func submit(_ job: Job, deferrable: Bool = false) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let now = DispatchTime.now()
            let start = state.withLock { state -> Bool in
                state.waiting.append(Waiter(job: job, continuation: continuation, deferrable: deferrable, since: now))
                return startDrainIfDue(&state, now: now)
            }
            if start { queue.async { self.drain() } }
        }
    }

    /// Marks the queue draining when its jobs are due; otherwise makes sure a timer will look
    /// again when the oldest background job's deferral is up. True when the caller must drain.
    private func startDrainIfDue(_ state: inout State, now: DispatchTime) -> Bool {
        if state.draining { return false }
        if state.due(at: now, deferral: deferral) {
            state.draining = true
            return true
        }
        if !state.timerScheduled, let oldest = state.waiting.first {
            state.timerScheduled = true
            queue.asyncAfter(deadline: oldest.since + deferral) { self.timerFired() }
        }
        return false
    }

    /// How many jobs wait for a batch (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    private func timerFired() {
        let start = state.withLock { state -> Bool in
            state.timerScheduled = false
            return startDrainIfDue(&state, now: .now())
        }
        if start { drain() }
    }

    private func drain() {
        while true {
            let batch = state.withLock { state -> [Waiter] in
                let now = DispatchTime.now()
                guard state.due(at: now, deferral: deferral) else {
                    state.draining = false
                    _ = startDrainIfDue(&state, now: now)
                    return []
                }
                let batch = Array(state.waiting.prefix(maxBatch))
                state.waiting.removeFirst(batch.count)
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
