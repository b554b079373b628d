import Foundation
import GRDB
import WallCore

/// Who stands where on a wall, inside an open SQLite transaction: the owner, or a member.
enum WallAccessSQL {
    /// The person's standing on the wall `ref` names: one of their own walls (by id or slug, or
    /// their default wall when `ref` is nil), or a wall shared with them (by id).
    static func access(_ ref: String?, actor: UUID, _ db: Database) throws -> WallAccess? {
        if let ref, let id = UUID(text: ref) { return try access(wallID: id, actor: actor, db) }
        guard let id = try WallSQL.resolve(ref, userID: actor, db) else { return nil }
        return WallAccess(wallID: id, ownerID: actor, actorID: actor, role: nil)
    }

    /// The walls a search's `wall:` names for the person: the wall with that id if they can see
    /// it, else every wall with that slug of their own or shared with them.
    static func searchWalls(_ ref: String, actor: UUID, _ db: Database) throws -> [UUID] {
        if let id = UUID(text: ref) { return try access(wallID: id, actor: actor, db).map { [$0.wallID] } ?? [] }
        let statement = try db.cachedStatement(sql: """
            SELECT id FROM walls WHERE slug = ?
              AND (user_id = ? OR id IN (SELECT wall_id FROM wall_members WHERE user_id = ?))
            """)
        return try String.fetchAll(statement, arguments: [ref.lowercased(), actor.dbText, actor.dbText]).map(SQLiteRows.uuid)
    }

    /// Like `access`, but throws `.notFound("wall")` for a wall the person can't see.
    static func require(_ ref: String?, actor: UUID, _ db: Database) throws -> WallAccess {
        guard let access = try access(ref, actor: actor, db) else { throw StoreError.notFound("wall") }
        return access
    }

    /// The person's standing on the wall with this id, if they can see it: its owner and the
    /// person's role on it, read in one statement; `WallAccess.standing` decides.
    static func access(wallID: UUID, actor: UUID, _ db: Database) throws -> WallAccess? {
        let statement = try db.cachedStatement(sql: """
            SELECT w.user_id AS owner_id, m.role AS role FROM walls w
            LEFT JOIN wall_members m ON m.wall_id = w.id AND m.user_id = ?
            WHERE w.id = ?
            """)
        guard let row = try Row.fetchOne(statement, arguments: [actor.dbText, wallID.dbText]) else { return nil }
        let role = try (row["role"] as String?).map { raw in
            guard let role = WallRole(rawValue: raw) else { throw CorruptRow(detail: "unknown wall role \(raw)") }
            return role
        }
        return WallAccess.standing(
            wallID: wallID, ownerID: try SQLiteRows.uuid(row["owner_id"]), actor: actor, memberRole: role
        )
    }

    /// The person's standing on the wall holding the item, and who added the item, if they can see it.
    static func access(itemID: UUID, actor: UUID, _ db: Database) throws -> (access: WallAccess, addedBy: UUID?)? {
        let statement = try db.cachedStatement(sql: "SELECT wall_id, added_by FROM items WHERE id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [itemID.dbText]),
              let access = try access(wallID: try SQLiteRows.uuid(row["wall_id"]), actor: actor, db)
        else { return nil }
        return (access, try (row["added_by"] as String?).map(SQLiteRows.uuid))
    }

    /// The ids of the person's own walls.
    static func ownWallIDs(actor: UUID, _ db: Database) throws -> [UUID] {
        let statement = try db.cachedStatement(sql: "SELECT id FROM walls WHERE user_id = ?")
        return try String.fetchAll(statement, arguments: [actor.dbText]).map(SQLiteRows.uuid)
    }

    /// The walls shared with the person, with their owners.
    static func memberWalls(actor: UUID, _ db: Database) throws -> [MemberWall] {
        let statement = try db.cachedStatement(sql: """
            SELECT m.wall_id AS wall_id, w.user_id AS owner_id FROM wall_members m JOIN walls w ON w.id = m.wall_id
            WHERE m.user_id = ?
            """)
        return try Row.fetchAll(statement, arguments: [actor.dbText]).map { row in
            MemberWall(wallID: try SQLiteRows.uuid(row["wall_id"]), ownerID: try SQLiteRows.uuid(row["owner_id"]))
        }
    }

    /// The members of a wall, for fanning its events out.
    static func memberIDs(wallID: UUID, _ db: Database) throws -> [UUID] {
        let statement = try db.cachedStatement(sql: "SELECT user_id FROM wall_members WHERE wall_id = ?")
        return try String.fetchAll(statement, arguments: [wallID.dbText]).map(SQLiteRows.uuid)
    }

}
