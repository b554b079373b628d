import Foundation

/// When to try a failed send again: exponential backoff with jitter, a cap, a maximum number of
/// attempts, and the server's `Retry-After` honoured (never retried sooner than it asks).
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included. A 429 that says how long to wait (within
    /// `maxRetryAfter`) does not count: the server is pacing, not failing.
    public var maxAttempts: Int
    /// The wait after the first failure, before jitter.
    public var initialDelay: Duration
    /// What each further wait is multiplied by.
    public var multiplier: Double
    /// The longest backoff (a server's `Retry-After` may be longer and is honoured).
    public var maxDelay: Duration
    /// How much of each backoff is random, 0 to 1: the wait is in `[backoff × (1 − jitter), backoff]`.
    public var jitter: Double
    /// The longest `Retry-After` worth waiting for in this run; longer ones end it (the share stays queued).
    public var maxRetryAfter: Duration

    /// Makes a policy.
    public init(maxAttempts: Int, initialDelay: Duration, multiplier: Double = 2, maxDelay: Duration, jitter: Double = 0.5, maxRetryAfter: Duration) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
        self.maxRetryAfter = maxRetryAfter
    }

    /// For a person waiting (the share sheet, `dwall share`): a few quick tries.
    public static let interactive = RetryPolicy(
        maxAttempts: 3, initialDelay: .milliseconds(250), maxDelay: .seconds(2), maxRetryAfter: .seconds(5)
    )

    /// For draining the outbox in the background (`dwall sync`, the app).
    public static let background = RetryPolicy(
        maxAttempts: 4, initialDelay: .milliseconds(250), maxDelay: .seconds(30), maxRetryAfter: .seconds(120)
    )

    /// The backoff after `failures` failed attempts (1 or more), before jitter:
    /// `initialDelay × multiplier^(failures − 1)`, at most `maxDelay`.
    public func backoff(afterFailures failures: Int) -> Duration {
        let factor = pow(multiplier, Double(max(0, failures - 1)))
        let seconds = min(initialDelay.seconds * factor, maxDelay.seconds)
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// Whether `error` uses up one of the attempts.
    public func counts(_ error: ShareError) -> Bool {
        if case .rateLimited(let wait?) = error, wait <= maxRetryAfter { return false }
        return true
    }

    /// The wait before trying again after `failures` counted failures, the last being `error`;
    /// `nil` to stop. `randomUnit` (0 ..< 1) picks the jitter.
    public func delay(afterFailures failures: Int, error: ShareError, randomUnit: Double) -> Duration? {
        guard error.isTransient else { return nil }
        guard failures < maxAttempts || !counts(error) else { return nil }
        let backoff = backoff(afterFailures: max(1, failures))
        let jittered = backoff * (1 - jitter * min(max(randomUnit, 0), 1))
        guard let retryAfter = error.retryAfter else { return jittered }
        guard retryAfter <= maxRetryAfter else { return nil }
        return max(retryAfter, jittered)
    }
}
