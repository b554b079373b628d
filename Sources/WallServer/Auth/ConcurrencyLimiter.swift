import Foundation
import HTTPTypes
import WallCore

/// Counts what each key holds open at once (event streams, imports, uploads) and refuses one more
/// past `limit` with the documented 429 and `Retry-After`.
public final class ConcurrencyLimiter<Key: Hashable & Sendable>: Sendable {
    /// One held place; given back when released or when it is dropped.
    public final class Slot: Sendable {
        private let release: @Sendable () -> Void
        private let released = Locked(false)

        init(release: @escaping @Sendable () -> Void) { self.release = release }

        /// Gives the place back (once; later calls do nothing).
        public func free() {
            let first = released.withLock { was in
                defer { was = true }
                return !was
            }
            if first { release() }
        }

        deinit { free() }
    }

    /// Most places one key may hold.
    public let limit: Int
    private let what: String
    private let held = Locked([Key: Int]())

    /// Makes a limiter; `what` names the things counted in the refusal ("event streams").
    public init(limit: Int, what: String) {
        self.limit = limit
        self.what = what
    }

    /// Takes a place for `key`, or throws 429 when it holds `limit` already.
    public func acquire(_ key: Key) throws(APIError) -> Slot {
        let taken = held.withLock { held in
            guard held[key, default: 0] < limit else { return false }
            held[key, default: 0] += 1
            return true
        }
        guard taken else {
            throw APIError(
                .tooManyRequests, .rateLimited,
                "You have \(limit) \(what) open already; try again in \(Limits.busyRetryAfterSeconds) s.",
                headers: [.retryAfter: String(Limits.busyRetryAfterSeconds)]
            )
        }
        return Slot { [held] in
            held.withLock { held in
                let left = held[key, default: 1] - 1
                held[key] = left > 0 ? left : nil
            }
        }
    }

    /// How many places `key` holds now.
    public func count(_ key: Key) -> Int { held.withLock { $0[key, default: 0] } }
}
