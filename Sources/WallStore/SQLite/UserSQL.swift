import Foundation
import GRDB
import WallCore

/// User lookups inside an open SQLite transaction.
enum UserSQL {
    /// The user name of the user with this id.
    static func username(id: UUID, _ db: Database) throws -> String? {
        let statement = try db.cachedStatement(sql: "SELECT username FROM users WHERE id = ?")
        return try String.fetchOne(statement, arguments: [id.dbText])
    }

    /// The id of the user with this name (case-insensitive).
    static func id(username: String, _ db: Database) throws -> UUID? {
        let statement = try db.cachedStatement(sql: "SELECT id FROM users WHERE username = ?")
        return try String.fetchOne(statement, arguments: [username]).map(SQLiteRows.uuid)
    }

    /// Inserts a user and their default wall; `.usernameTaken` when the name is in use.
    static func insert(_ user: User, passwordHash: String, _ db: Database) throws {
        do {
            try db.execute(
                sql: "INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [user.id.dbText, user.username, passwordHash, user.createdAt.millisSince1970]
            )
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StoreError.usernameTaken
        }
        try WallSQL.insert(
            id: UUID(), slug: DefaultWall.slug, name: DefaultWall.name, isDefault: true, position: 0,
            userID: user.id, at: user.createdAt, db
        )
    }
}
