import Foundation
import WallCore

/// How a failed job is retried: after `base`, doubling per attempt up to `cap`; after
/// `maxAttempts` claims (failures or lost workers) it is dead.
public struct JobRetryPolicy: Sendable, Equatable {
    /// How many claims a job gets in all.
    public var maxAttempts: Int
    /// The wait after the first failure.
    public var base: Duration
    /// The longest wait.
    public var cap: Duration

    /// Makes a policy.
    public init(maxAttempts: Int, base: Duration, cap: Duration) {
        self.maxAttempts = max(1, maxAttempts)
        self.base = base
        self.cap = cap
    }

    /// The limits in `Limits`.
    public static let standard = JobRetryPolicy(
        maxAttempts: Limits.jobMaxAttempts, base: Limits.jobBackoffBase, cap: Limits.jobBackoffCap
    )

    /// The wait before the next claim after the `attempt`-th claim failed (1-based).
    public func delay(afterAttempt attempt: Int) -> Duration {
        let doublings = min(max(attempt - 1, 0), 40)
        let seconds = base.seconds * pow(2, Double(doublings))
        return seconds >= cap.seconds ? cap : base * (1 << doublings)
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
