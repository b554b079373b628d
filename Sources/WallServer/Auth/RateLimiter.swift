import Foundation
import WallCore

/// Token buckets by key: each key may spend `burst` requests at once and earns `perSecond` back.
public final class RateLimiter<Key: Hashable & Sendable>: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// Sustained requests per second per key.
    public let perSecond: Double
    /// Requests a key may make at once.
    public let burst: Double
    private let buckets = Locked([Key: Bucket]())
    private let maxKeys: Int
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Makes a limiter; `now` reads the clock buckets refill by (tests may stop it).
    public init(
        perSecond: Double, burst: Double, maxKeys: Int = 50_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.perSecond = perSecond
        self.burst = burst
        self.maxKeys = maxKeys
        self.now = now
    }

    /// Spends one request for `key`; `nil` when allowed, else whole seconds until one is earned.
    public func take(_ key: Key) -> Int? {
        let now = now()
        return buckets.withLock { buckets in
            if buckets.count >= maxKeys { prune(&buckets, now: now) }
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds * perSecond)
            bucket.updated = now
            defer { buckets[key] = bucket }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
        }
    }

    /// Forgets buckets that have filled up again (they behave like new ones).
    private func prune(_ buckets: inout [Key: Bucket], now: ContinuousClock.Instant) {
        let fullAfter = Duration.seconds(burst / perSecond)
        buckets = buckets.filter { now - $0.value.updated < fullAfter }
        if buckets.count >= maxKeys { buckets.removeAll() }
    }
}
