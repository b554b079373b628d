import Foundation
import WallCore
import WallStore

/// Checks bearer tokens against the store, with a short-lived cache so the hot path (every share)
/// does not read the database, and records when tokens were used.
///
/// A token revoked through the API stops working at once; one revoked by `dwall token revoke`
/// in another process stops working within `cacheLifetime`.
public final class TokenAuthenticator: Sendable {
    private struct Entry {
        var owner: TokenOwner
        var expires: ContinuousClock.Instant
    }

    private let store: any WallStore
    private let cache = Locked([String: Entry]())
    private let lastUsed = Locked([UUID: Date]())
    private let cacheLifetime: Duration
    private let maxEntries = 10_000

    /// Makes an authenticator.
    public init(store: any WallStore, cacheLifetime: Duration = .seconds(5)) {
        self.store = store
        self.cacheLifetime = cacheLifetime
    }

    /// The identity a token stands for, or `nil` when it is unknown or revoked.
    public func identity(forToken token: String) async throws -> Identity? {
        let hash = TokenSecret.hash(token)
        let now = ContinuousClock.now
        let cached = cache.withLock { cache -> TokenOwner? in
            guard let entry = cache[hash], entry.expires > now else { return nil }
            return entry.owner
        }
        let owner: TokenOwner
        if let cached {
            owner = cached
        } else {
            guard let found = try await store.tokenOwner(tokenHash: hash) else { return nil }
            owner = found
            cache.withLock { cache in
                if cache.count >= maxEntries { cache.removeAll() }
                cache[hash] = Entry(owner: found, expires: now + cacheLifetime)
            }
        }
        lastUsed.withLock { $0[owner.tokenID] = Date() }
        return Identity(userID: owner.userID, credential: .token(owner.tokenID))
    }

    /// Forgets a revoked token at once.
    public func forget(tokenID: UUID) {
        cache.withLock { cache in cache = cache.filter { $0.value.owner.tokenID != tokenID } }
    }

    /// Writes the last-use times gathered since the previous flush.
    public func flushUsage() async throws {
        let pending = lastUsed.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        try await store.recordTokenUse(pending)
    }
}
