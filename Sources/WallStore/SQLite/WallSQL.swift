import Foundation
import GRDB
import WallCore

/// Wall lookups inside an open SQLite transaction.
enum WallSQL {
    /// The id of the wall `ref` names (an id or a slug), or of the default wall when `ref` is nil.
    static func resolve(_ ref: String?, userID: UUID, _ db: Database) throws -> UUID? {
        let statement: Statement
        let arguments: StatementArguments
        if let ref, let id = UUID(text: ref) {
            statement = try db.cachedStatement(sql: "SELECT id FROM walls WHERE id = ? AND user_id = ?")
            arguments = [id.dbText, userID.dbText]
        } else if let ref {
            statement = try db.cachedStatement(sql: "SELECT id FROM walls WHERE slug = ? AND user_id = ?")
            arguments = [ref.lowercased(), userID.dbText]
        } else {
            statement = try db.cachedStatement(sql: "SELECT id FROM walls WHERE user_id = ? AND is_default = 1")
            arguments = [userID.dbText]
        }
        return try String.fetchOne(statement, arguments: arguments).map(SQLiteRows.uuid)
    }

    static func fetch(id: UUID, userID: UUID, _ db: Database) throws -> Wall? {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT \(SQLiteRows.wallColumns) FROM walls w WHERE w.id = ? AND w.user_id = ?
                """,
            arguments: [id.dbText, userID.dbText]
        )
        return try row.map { try SQLiteRows.wall(from: $0) }
    }

    /// The person's own walls, in no order (`VisibleWalls` orders them).
    static func all(userID: UUID, _ db: Database) throws -> [Wall] {
        try Row.fetchAll(
            db, sql: "SELECT \(SQLiteRows.wallColumns) FROM walls w WHERE w.user_id = ?", arguments: [userID.dbText]
        ).map { try SQLiteRows.wall(from: $0) }
    }

    /// The walls shared with the person, each with its owner's name and their role, in no order.
    static func shared(with userID: UUID, _ db: Database) throws -> [SharedWallRow] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT \(SQLiteRows.wallColumns), u.username AS owner, m.role AS role
                FROM wall_members m JOIN walls w ON w.id = m.wall_id JOIN users u ON u.id = w.user_id
                WHERE m.user_id = ?
                """,
            arguments: [userID.dbText]
        ).map { row in
            let raw: String = row["role"]
            guard let role = WallRole(rawValue: raw) else { throw CorruptRow(detail: "unknown wall role \(raw)") }
            return SharedWallRow(wall: try SQLiteRows.wall(from: row), owner: row["owner"], role: role)
        }
    }

    /// The person's walls as the wall rules need them: slug and position.
    static func slots(userID: UUID, _ db: Database) throws -> [WallSlot] {
        try Row.fetchAll(db, sql: "SELECT slug, position FROM walls WHERE user_id = ?", arguments: [userID.dbText])
            .map { WallSlot(slug: $0["slug"], position: $0["position"]) }
    }

    static func insert(
        id: UUID, slug: String, name: String, isDefault: Bool, position: Int, userID: UUID, at date: Date,
        _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO walls (id, user_id, slug, name, is_default, position, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [id.dbText, userID.dbText, slug, name, isDefault, position, date.millisSince1970]
        )
    }
}
