import Foundation
import WallCore

extension Delivery {
    /// Sends everything pending, oldest first, `concurrency` at a time. A 429 or 503 with
    /// `Retry-After` holds every sender back; a 401, or a share that exhausts its retries, stops
    /// the drain early (what is left stays pending). Shares refused for good move to `failed/`;
    /// unreadable files move to `damaged/`; shares a background upload owns are left to it.
    ///
    /// With a `budget` (the app's background time left), no send outlives it: each request's
    /// timeout is what remains, and once it is spent the drain stops with `.timedOut`. An entry's
    /// lock is held only while its request is in flight, never across a wait between tries, so a
    /// suspended app holds no lock in the App Group (iOS ends such an app with `0xdead10cc`).
    public func drain(
        concurrency: Int = 4, within budget: Duration? = nil, progress: @escaping @Sendable (DrainProgress) -> Void = { _ in }
    ) async -> DrainReport {
        _ = try? outbox.sweep()
        let names: [String]
        do { names = try outbox.pendingNames() } catch {
            var report = DrainReport(progress: DrainProgress(total: 0))
            report.stoppedBy = .storage(error.message)
            return report
        }
        let deadline = budget.map { clock.now.advanced(by: $0) }
        let state = Locked(DrainState(names: names))
        let loop = RetryLoop(policy: policy, clock: clock, random: random, pacer: SendPacer(clock: clock))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, min(concurrency, names.count)) {
                group.addTask {
                    while let name = state.withLock({ $0.next() }) {
                        let outcome = await drainOne(
                            name, loop: loop, deadline: deadline, keepGoing: { state.withLock { $0.report.stoppedBy == nil } }
                        )
                        progress(state.withLock { $0.record(outcome) })
                    }
                }
            }
        }
        var report = state.withLock { $0.report }
        report.remaining = (try? outbox.pendingNames().count) ?? 0
        report.tokenRefusal = TokenRefusal(report.stoppedBy, token: client.token)
        return report
    }

    /// Looks at one entry (whose it is, whether an upload owns it), then sends it, holding its
    /// lock only during each request, and settles it.
    private func drainOne(
        _ name: String, loop: RetryLoop<C>, deadline: C.Instant?, keepGoing: @escaping @Sendable () -> Bool
    ) async -> DrainOutcome {
        let first: OutboxClaim
        switch claim(name) {
        case .claimed(let claimed): first = claimed
        case .skipped(let outcome): return outcome
        }
        if let owner = first.entry.userID, let userID, owner != userID {
            try? first.release(recording: nil)
            return .otherAccount
        }
        if handover.isHandedOver(first.entry, now: now()) {
            try? first.release(recording: nil)
            return .busy
        }
        let attempt = await send(first, loop: loop, deadline: deadline, keepGoing: keepGoing)
        guard let claim = attempt.claim else { return attempt.lost ?? .gone }
        switch finish(claim, attempt.sent, keepFailures: true) {
        case .saved: return .delivered
        case .queued(_, let reason): return .stop(reason ?? .cancelled)
        case .failed(let id, let error): return .refused(DrainReport.Refusal(shareID: id, error: error))
        }
    }
}
