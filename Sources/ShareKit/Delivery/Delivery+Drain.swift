import Foundation
import WallCore

extension Delivery {
    /// Sends everything pending, oldest first, `concurrency` at a time. A 429 or 503 with
    /// `Retry-After` holds every sender back; a 401, or a share that exhausts its retries, stops
    /// the drain early (what is left stays pending). Shares refused for good move to `failed/`;
    /// unreadable files move to `damaged/`.
    public func drain(concurrency: Int = 4, progress: @escaping @Sendable (DrainProgress) -> Void = { _ in }) async -> DrainReport {
        _ = try? outbox.sweep()
        let names: [String]
        do { names = try outbox.pendingNames() } catch {
            var report = DrainReport(progress: DrainProgress(total: 0))
            report.stoppedBy = .storage(error.message)
            return report
        }
        let state = Locked(DrainState(names: names))
        let loop = RetryLoop(policy: policy, clock: clock, random: random, pacer: SendPacer(clock: clock))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, min(concurrency, names.count)) {
                group.addTask {
                    while let name = state.withLock({ $0.next() }) {
                        let outcome = await drainOne(name, loop: loop, keepGoing: { state.withLock { $0.report.stoppedBy == nil } })
                        progress(state.withLock { $0.record(outcome) })
                    }
                }
            }
        }
        var report = state.withLock { $0.report }
        report.remaining = (try? outbox.pendingNames().count) ?? 0
        return report
    }

    /// Claims and sends one entry, and settles it.
    private func drainOne(_ name: String, loop: RetryLoop<C>, keepGoing: @escaping @Sendable () -> Bool) async -> DrainOutcome {
        let claim: OutboxClaim
        switch Result(catching: { () throws(OutboxError) in try outbox.claim(name) }) {
        case .success(.claimed(let claimed)): claim = claimed
        case .success(.busy): return .busy
        case .success(.gone): return .gone
        case .success(.damaged(let entry)): return .damaged(entry)
        case .failure(let error): return .stop(.storage(error.message))
        }
        if let owner = claim.entry.userID, let userID, owner != userID {
            try? claim.release(recording: nil)
            return .otherAccount
        }
        let sent = await loop.run(deadline: nil, keepGoing: keepGoing) { _ throws(ShareError) in
            try await client.share(claim.entry.share, files: claim.uploads)
        }
        switch finish(claim, sent, keepFailures: true) {
        case .saved: return .delivered
        case .queued(_, let reason): return .stop(reason ?? .cancelled)
        case .failed(let id, let error): return .refused(DrainReport.Refusal(shareID: id, error: error))
        }
    }
}
