import Foundation
import WallApp
import WallCore
import WallStore

/// Signs browsers in and out and checks their session cookies against the store, with a
/// short-lived cache (as `TokenAuthenticator` does for tokens) and last-seen times written in
/// batches, which also slide each session's expiry.
///
/// Signing out or changing the password ends sessions at once in this process; another replica
/// notices within `cacheLifetime`.
public final class SessionAuthenticator: Sendable {
    /// How long an unused session lasts.
    public static let lifetime: TimeInterval = Limits.webSessionLifetimeSeconds

    private let store: any WallStore
    private let cache: ExpiringCache<String, WebSession>
    private let usage = UsageLog()

    /// Makes an authenticator.
    public init(store: any WallStore, cacheLifetime: Duration = .seconds(5)) {
        self.store = store
        self.cache = ExpiringCache(lifetime: cacheLifetime)
    }

    /// Starts a session for a user; the returned secret goes in the cookie and nowhere else.
    public func signIn(userID: UUID, userAgent: String?) async throws -> (secret: String, session: WebSession) {
        let secret = TokenSecret.generate(prefix: "ds_")
        let agent = userAgent.map { String($0.prefix(200)) }
        let session = try await store.createSession(
            userID: userID, secretHash: TokenSecret.hash(secret), userAgent: agent,
            expiresAt: Date().addingTimeInterval(Self.lifetime)
        )
        return (secret, session)
    }

    /// The live session a cookie's secret stands for, or `nil`.
    public func session(forSecret secret: String) async throws -> WebSession? {
        guard secret.utf8.count <= 128 else { return nil }
        let hash = TokenSecret.hash(secret)
        guard let session = try await cache.value(for: hash, load: { try await store.session(secretHash: hash, now: Date()) })
        else { return nil }
        usage.record(session.id)
        return session
    }

    /// Ends one session (sign-out).
    public func signOut(sessionID: UUID, userID: UUID) async throws {
        _ = try await store.deleteSession(id: sessionID, userID: userID)
        cache.removeAll { $0.id == sessionID }
    }

    /// Ends every other session of a user (after a password change).
    public func signOutOthers(userID: UUID, keeping: UUID?) async throws {
        _ = try await store.deleteSessions(userID: userID, keeping: keeping)
        cache.removeAll { $0.userID == userID && $0.id != keeping }
    }

    /// Writes the last-seen times gathered since the previous flush and drops expired sessions.
    public func flushUsage() async throws {
        try await store.recordSessionUse(usage.drain(), lifetime: Self.lifetime)
        _ = try await store.deleteExpiredSessions(before: Date())
    }
}
