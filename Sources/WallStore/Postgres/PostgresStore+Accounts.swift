import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    // MARK: Users

    public func createUser(username: String, passwordHash: String) async throws -> User {
        try await ready.wait()
        let user = User(id: UUID(), username: username, createdAt: now)
        return try await client.transaction(logger: logger) { connection in
            try await PostgresUserSQL.insert(user, passwordHash: passwordHash, connection, logger: logger)
            return user
        }
    }

    public func credentials(username: String) async throws -> UserCredentials? {
        try await ready.wait()
        guard username.isStorableInPostgres else { return nil }
        let rows = try await client.query("""
            SELECT id, username, created_at, password_hash FROM users WHERE lower(username) = lower(\(username))
            """, logger: logger)
        guard let row = try await rows.first() else { return nil }
        let hash = try row.makeRandomAccess()["password_hash"].decode(String.self)
        return UserCredentials(user: try PostgresRows.user(row), passwordHash: hash)
    }

    public func user(id: UUID) async throws -> User? {
        try await ready.wait()
        let rows = try await client.query("SELECT id, username, created_at FROM users WHERE id = \(id)", logger: logger)
        return try await rows.first().map(PostgresRows.user)
    }

    public func userCount() async throws -> Int {
        try await ready.wait()
        return try await client.query("SELECT count(*) FROM users", logger: logger).first()?.decode(Int.self) ?? 0
    }

    public func setPasswordHash(_ passwordHash: String, userID: UUID) async throws -> Bool {
        try await ready.wait()
        let rows = try await client.query(
            "UPDATE users SET password_hash = \(passwordHash) WHERE id = \(userID) RETURNING id", logger: logger
        )
        return try await rows.first() != nil
    }

    // MARK: Tokens

    public func createToken(userID: UUID, label: String, tokenHash: String) async throws -> TokenInfo {
        try await ready.wait()
        let info = TokenInfo(id: UUID(), label: label, createdAt: now, lastUsedAt: nil)
        try await client.query("""
            INSERT INTO tokens (id, user_id, label, token_hash, created_at)
            VALUES (\(info.id), \(userID), \(label), \(tokenHash), \(info.createdAt))
            """, logger: logger).all()
        return info
    }

    public func tokens(userID: UUID) async throws -> [TokenInfo] {
        try await ready.wait()
        let rows = try await client.query("""
            SELECT id, label, created_at, last_used_at FROM tokens WHERE user_id = \(userID)
            ORDER BY created_at DESC, id
            """, logger: logger)
        return try await rows.all().map(PostgresRows.tokenInfo)
    }

    public func revokeToken(id: UUID, userID: UUID) async throws -> Bool {
        try await ready.wait()
        let rows = try await client.query(
            "DELETE FROM tokens WHERE id = \(id) AND user_id = \(userID) RETURNING id", logger: logger
        )
        return try await rows.first() != nil
    }

    public func tokenOwner(tokenHash: String) async throws -> TokenOwner? {
        try await ready.wait()
        guard tokenHash.isStorableInPostgres else { return nil }
        let rows = try await client.query("SELECT id, user_id FROM tokens WHERE token_hash = \(tokenHash)", logger: logger)
        guard let row = try await rows.first() else { return nil }
        let cells = row.makeRandomAccess()
        return TokenOwner(tokenID: try cells["id"].decode(UUID.self), userID: try cells["user_id"].decode(UUID.self))
    }

    public func recordTokenUse(_ lastUsed: [UUID: Date]) async throws {
        guard !lastUsed.isEmpty else { return }
        try await ready.wait()
        let uses = Array(lastUsed)
        let ids = uses.map(\.key)
        let dates = uses.map(\.value)
        try await client.query("""
            UPDATE tokens t SET last_used_at = greatest(t.last_used_at, u.used)
            FROM unnest(\(ids), \(dates)) AS u(id, used) WHERE t.id = u.id
            """, logger: logger).all()
    }
}
