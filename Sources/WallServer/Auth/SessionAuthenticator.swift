import Foundation
import WallCore
import WallStore

/// Signs browsers in and out and checks their session cookies against the store, with a
/// short-lived cache (as `TokenAuthenticator` does for tokens) and last-seen times written in
/// batches, which also slide each session's expiry.
///
/// Signing out or changing the password ends sessions at once in this process; another replica
/// notices within `cacheLifetime`.
public final class SessionAuthenticator: Sendable {
    private struct Entry {
        var session: WebSession
        var expires: ContinuousClock.Instant
    }

    /// How long an unused session lasts.
    public static let lifetime: TimeInterval = Limits.webSessionLifetimeSeconds

    private let store: any WallStore
    private let cache = Locked([String: Entry]())
    private let lastSeen = Locked([UUID: Date]())
    private let cacheLifetime: Duration
    private let maxEntries = 10_000

    /// Makes an authenticator.
    public init(store: any WallStore, cacheLifetime: Duration = .seconds(5)) {
        self.store = store
        self.cacheLifetime = cacheLifetime
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
        let now = ContinuousClock.now
        let cached = cache.withLock { cache -> WebSession? in
            guard let entry = cache[hash], entry.expires > now else { return nil }
            return entry.session
        }
        let session: WebSession
        if let cached {
            session = cached
        } else {
            guard let found = try await store.session(secretHash: hash, now: Date()) else { return nil }
            session = found
            cache.withLock { cache in
                if cache.count >= maxEntries { cache.removeAll() }
                cache[hash] = Entry(session: found, expires: now + cacheLifetime)
            }
        }
        lastSeen.withLock { $0[session.id] = Date() }
        return session
    }

    /// Ends one session (sign-out).
    public func signOut(sessionID: UUID, userID: UUID) async throws {
        forget { $0.id == sessionID }
        _ = try await store.deleteSession(id: sessionID, userID: userID)
    }

    /// Ends every other session of a user (after a password change).
    public func signOutOthers(userID: UUID, keeping: UUID?) async throws {
        forget { $0.userID == userID && $0.id != keeping }
        _ = try await store.deleteSessions(userID: userID, keeping: keeping)
    }

    /// Writes the last-seen times gathered since the previous flush and drops expired sessions.
    public func flushUsage() async throws {
        let pending = lastSeen.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        try await store.recordSessionUse(pending, lifetime: Self.lifetime)
        _ = try await store.deleteExpiredSessions(before: Date())
    }

    private func forget(where matches: (WebSession) -> Bool) {
        cache.withLock { cache in cache = cache.filter { !matches($0.value.session) } }
    }
}
