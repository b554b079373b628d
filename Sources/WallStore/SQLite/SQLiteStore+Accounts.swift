import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    // MARK: Users

    public func createUser(username: String, passwordHash: String) async throws -> User {
        let user = User(id: UUID(), username: username, createdAt: now)
        try await write { db, _ in try UserSQL.insert(user, passwordHash: passwordHash, db) }
        return user
    }

    public func credentials(username: String) async throws -> UserCredentials? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, username, created_at, password_hash FROM users WHERE username = ?",
                arguments: [username]
            ).map { UserCredentials(user: try SQLiteRows.user(from: $0), passwordHash: $0["password_hash"]) }
        }
    }

    public func user(id: UUID) async throws -> User? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT id, username, created_at FROM users WHERE id = ?", arguments: [id.dbText])
                .map(SQLiteRows.user)
        }
    }

    public func userCount() async throws -> Int {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM users") ?? 0 }
    }

    public func setPasswordHash(_ passwordHash: String, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            try db.execute(
                sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [passwordHash, userID.dbText]
            )
            return db.changesCount > 0
        }
    }

    // MARK: Tokens

    public func createToken(userID: UUID, label: String, tokenHash: String) async throws -> TokenInfo {
        let info = TokenInfo(id: UUID(), label: label, createdAt: now, lastUsedAt: nil)
        try await write { db, _ in
            try db.execute(
                sql: "INSERT INTO tokens (id, user_id, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [info.id.dbText, userID.dbText, label, tokenHash, info.createdAt.millisSince1970]
            )
        }
        return info
    }

    public func tokens(userID: UUID) async throws -> [TokenInfo] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, label, created_at, last_used_at FROM tokens
                    WHERE user_id = ? ORDER BY created_at DESC, id
                    """,
                arguments: [userID.dbText]
            ).map(SQLiteRows.tokenInfo)
        }
    }

    public func revokeToken(id: UUID, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            try db.execute(
                sql: "DELETE FROM tokens WHERE id = ? AND user_id = ?", arguments: [id.dbText, userID.dbText]
            )
            return db.changesCount > 0
        }
    }

    public func tokenOwner(tokenHash: String) async throws -> TokenOwner? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, user_id FROM tokens WHERE token_hash = ?", arguments: [tokenHash]
            ).map { TokenOwner(tokenID: try SQLiteRows.uuid($0["id"]), userID: try SQLiteRows.uuid($0["user_id"])) }
        }
    }

    public func recordTokenUse(_ lastUsed: [UUID: Date]) async throws {
        guard !lastUsed.isEmpty else { return }
        try await write { db, _ in
            for (id, date) in lastUsed {
                try db.execute(
                    sql: "UPDATE tokens SET last_used_at = max(coalesce(last_used_at, 0), ?) WHERE id = ?",
                    arguments: [date.millisSince1970, id.dbText]
                )
            }
        }
    }
}
