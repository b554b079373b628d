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
}
