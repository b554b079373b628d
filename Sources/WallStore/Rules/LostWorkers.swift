import Foundation

/// Which running jobs have lost their worker at one moment, as the values a claim's SQL filters
/// with and as checks on one job's values; made by `JobRules.lostWorkers(now:retry:)`.
///
/// A running job whose lease ended at or before `leaseEndedBy` lost its worker (it stopped or
/// hung). It is dead (with `JobRules.lostWorkerError`) once it has had `deadFromAttempts` claims,
/// its last; otherwise it is due again, as a queued job is.
struct LostWorkers: Sendable, Equatable {
    /// A lease that ended at or before this moment has expired.
    var leaseEndedBy: Date
    /// A lost job with at least this many claims is dead.
    var deadFromAttempts: Int

    /// Whether a running job whose lease ends at `leaseExpiresAt` has lost its worker.
    func isLost(leaseExpiresAt: Date) -> Bool {
        leaseExpiresAt <= leaseEndedBy
    }

    /// Whether a job that lost its worker on its `attempts`-th claim is dead (else it is due
    /// again, and the next claim takes it as it stands).
    func isDead(attempts: Int) -> Bool {
        attempts >= deadFromAttempts
    }
}
