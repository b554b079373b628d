import Foundation
import WallApp
import WallCore
import WallStore

/// Checks bearer tokens against the store, with a short-lived cache so the hot path (every share)
/// does not read the database, and records when tokens were used.
///
/// A token revoked through the API stops working at once; one revoked by `dwall token revoke`
/// in another process stops working within `cacheLifetime`.
public final class TokenAuthenticator: Sendable {
    private let store: any WallStore
    private let cache: ExpiringCache<String, TokenOwner>
    private let usage = UsageLog()

    /// Makes an authenticator.
    public init(store: any WallStore, cacheLifetime: Duration = .seconds(5)) {
        self.store = store
        self.cache = ExpiringCache(lifetime: cacheLifetime)
    }

    /// The identity a token stands for, or `nil` when it is unknown or revoked.
    public func identity(forToken token: String) async throws -> Identity? {
        let hash = TokenSecret.hash(token)
        guard let owner = try await cache.value(for: hash, load: { try await store.tokenOwner(tokenHash: hash) })
        else { return nil }
        usage.record(owner.tokenID)
        return Identity(userID: owner.userID, credential: .token(owner.tokenID))
    }

    /// Forgets a revoked token at once.
    public func forget(tokenID: UUID) {
        cache.removeAll { $0.tokenID == tokenID }
    }

    /// Writes the last-use times gathered since the previous flush.
    public func flushUsage() async throws {
        try await store.recordTokenUse(usage.drain())
    }
}
