import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    // MARK: Web sessions

    public func createSession(
        userID: UUID, secretHash: String, userAgent: String?, expiresAt: Date
    ) async throws -> WebSession {
        let now = self.now
        let session = WebSession(
            id: UUID.timeOrdered(at: now), userID: userID, createdAt: now, lastSeenAt: now,
            expiresAt: expiresAt.roundedToMillis, userAgent: userAgent
        )
        try await write { db, _ in
            try db.execute(
                sql: """
                    INSERT INTO web_sessions (id, user_id, secret_hash, user_agent, created_at, last_seen_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.id.dbText, userID.dbText, secretHash, userAgent, now.millisSince1970,
                    now.millisSince1970, session.expiresAt.millisSince1970,
                ]
            )
        }
        return session
    }

    public func session(secretHash: String, now: Date) async throws -> WebSession? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, user_id, user_agent, created_at, last_seen_at, expires_at FROM web_sessions
                    WHERE secret_hash = ? AND expires_at > ?
                    """,
                arguments: [secretHash, now.millisSince1970]
            ).map(Self.webSession)
        }
    }

    public func deleteSession(id: UUID, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            try db.execute(
                sql: "DELETE FROM web_sessions WHERE id = ? AND user_id = ?", arguments: [id.dbText, userID.dbText]
            )
            return db.changesCount > 0
        }
    }

    public func deleteSessions(userID: UUID, keeping: UUID?) async throws -> Int {
        try await write { db, _ in
            try db.execute(
                sql: "DELETE FROM web_sessions WHERE user_id = ? AND id IS NOT ?",
                arguments: [userID.dbText, keeping?.dbText]
            )
            return db.changesCount
        }
    }

    public func recordSessionUse(_ lastSeen: [UUID: Date], lifetime: TimeInterval) async throws {
        guard !lastSeen.isEmpty else { return }
        let lifetimeMillis = Int64(lifetime * 1000)
        try await write { db, _ in
            let statement = try db.cachedStatement(sql: """
                UPDATE web_sessions SET last_seen_at = max(last_seen_at, ?1), expires_at = max(expires_at, ?1 + ?2)
                WHERE id = ?3
                """)
            for (id, date) in lastSeen {
                try statement.execute(arguments: [date.millisSince1970, lifetimeMillis, id.dbText])
            }
        }
    }

    public func deleteExpiredSessions(before date: Date) async throws -> Int {
        try await write { db, _ in
            try db.execute(sql: "DELETE FROM web_sessions WHERE expires_at <= ?", arguments: [date.millisSince1970])
            return db.changesCount
        }
    }

    // MARK: Events

    public func lastEventSeq(userID: UUID) async throws -> Int64 {
        try await pool.read { db in
            RetentionRule.lastEventSeq(
                usersNewest: try Int64.fetchOne(
                    db, sql: "SELECT max(seq) FROM events WHERE user_id = ?", arguments: [userID.dbText]
                ),
                oldestKept: try Int64.fetchOne(db, sql: "SELECT min(seq) FROM events")
            )
        }
    }

    private static func webSession(from row: Row) throws -> WebSession {
        WebSession(
            id: try SQLiteRows.uuid(row["id"]), userID: try SQLiteRows.uuid(row["user_id"]),
            createdAt: SQLiteRows.date(row["created_at"]), lastSeenAt: SQLiteRows.date(row["last_seen_at"]),
            expiresAt: SQLiteRows.date(row["expires_at"]), userAgent: row["user_agent"]
        )
    }
}
