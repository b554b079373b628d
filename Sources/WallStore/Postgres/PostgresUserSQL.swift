import Foundation
import Logging
import PostgresNIO
import WallCore

/// User writes in PostgreSQL.
enum PostgresUserSQL {
    /// Inserts a user and their default wall; `.usernameTaken` when the name is in use.
    static func insert(
        _ user: User, passwordHash: String, _ connection: PostgresConnection, logger: Logger
    ) async throws {
        // Two sign-ups with one name: the unique index lets one in, the other inserts nothing.
        let inserted = try await connection.query("""
            INSERT INTO users (id, username, password_hash, created_at)
            VALUES (\(user.id), \(user.username), \(passwordHash), \(user.createdAt))
            ON CONFLICT ((lower(username))) DO NOTHING RETURNING id
            """, logger: logger).first()
        guard inserted != nil else { throw StoreError.usernameTaken }
        try await PostgresWallSQL.insert(
            id: UUID(), slug: DefaultWall.slug, name: DefaultWall.name, isDefault: true, position: 0,
            userID: user.id, at: user.createdAt, connection, logger: logger
        )
    }
}
