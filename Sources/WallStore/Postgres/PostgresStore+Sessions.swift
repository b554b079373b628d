import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    // MARK: Web sessions

    public func createSession(
        userID: UUID, secretHash: String, userAgent: String?, expiresAt: Date
    ) async throws -> WebSession {
        try await ready.wait()
        let now = self.now
        let session = WebSession(
            id: UUID.timeOrdered(at: now), userID: userID, createdAt: now, lastSeenAt: now,
            expiresAt: expiresAt.roundedToMillis, userAgent: userAgent
        )
        try await client.query("""
            INSERT INTO web_sessions (id, user_id, secret_hash, user_agent, created_at, last_seen_at, expires_at)
            VALUES (\(session.id), \(userID), \(secretHash), \(userAgent), \(now), \(now), \(session.expiresAt))
            """, logger: logger).all()
        return session
    }

    public func session(secretHash: String, now: Date) async throws -> WebSession? {
        try await ready.wait()
        guard secretHash.isStorableInPostgres else { return nil }
        let rows = try await client.query("""
            SELECT id, user_id, user_agent, created_at, last_seen_at, expires_at FROM web_sessions
            WHERE secret_hash = \(secretHash) AND expires_at > \(now)
            """, logger: logger)
        guard let row = try await rows.first() else { return nil }
        let (id, userID, userAgent, createdAt, lastSeenAt, expiresAt) = try row.decode(
            (UUID, UUID, String?, Date, Date, Date).self
        )
        return WebSession(
            id: id, userID: userID, createdAt: createdAt.roundedToMillis, lastSeenAt: lastSeenAt.roundedToMillis,
            expiresAt: expiresAt.roundedToMillis, userAgent: userAgent
        )
    }

    public func deleteSession(id: UUID, userID: UUID) async throws -> Bool {
        try await ready.wait()
        let rows = try await client.query(
            "DELETE FROM web_sessions WHERE id = \(id) AND user_id = \(userID) RETURNING id", logger: logger
        )
        return try await rows.first() != nil
    }

    public func deleteSessions(userID: UUID, keeping: UUID?) async throws -> Int {
        try await ready.wait()
        let rows = try await client.query("""
            DELETE FROM web_sessions WHERE user_id = \(userID) AND id IS DISTINCT FROM \(keeping) RETURNING id
            """, logger: logger)
        return try await rows.all().count
    }

    public func recordSessionUse(_ lastSeen: [UUID: Date], lifetime: TimeInterval) async throws {
        guard !lastSeen.isEmpty else { return }
        try await ready.wait()
        let uses = Array(lastSeen)
        let ids = uses.map(\.key)
        let dates = uses.map(\.value)
        let lifetimeMillis = Int64(lifetime * 1000)
        try await client.query("""
            UPDATE web_sessions s SET last_seen_at = greatest(s.last_seen_at, u.seen),
                expires_at = greatest(s.expires_at, u.seen + \(lifetimeMillis) * interval '1 millisecond')
            FROM unnest(\(ids), \(dates)) AS u(id, seen) WHERE s.id = u.id
            """, logger: logger).all()
    }

    public func deleteExpiredSessions(before date: Date) async throws -> Int {
        try await ready.wait()
        let rows = try await client.query(
            "DELETE FROM web_sessions WHERE expires_at <= \(date) RETURNING id", logger: logger
        )
        return try await rows.all().count
    }

    // MARK: Events

    public func lastEventSeq(userID: UUID) async throws -> Int64 {
        try await ready.wait()
        let rows = try await client.query(
            "SELECT (SELECT max(seq) FROM events WHERE user_id = \(userID)), (SELECT min(seq) FROM events)", logger: logger
        )
        let seqs = try await rows.first()?.decode((Int64?, Int64?).self)
        return RetentionRule.lastEventSeq(usersNewest: seqs?.0, oldestKept: seqs?.1)
    }
}
