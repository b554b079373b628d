import Foundation
import Logging
import PostgresNIO
import WallCore

/// Who stands where on a wall, in PostgreSQL: the owner, or a member.
enum PostgresWallAccessSQL {
    /// The person's standing on the wall `ref` names: one of their own walls (by id or slug, or
    /// their default wall when `ref` is nil), or a wall shared with them (by id).
    static func access(
        _ ref: String?, actor: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> WallAccess? {
        if let ref, let id = UUID(text: ref) { return try await access(wallID: id, actor: actor, db, logger: logger) }
        guard let id = try await PostgresWallSQL.resolve(ref, userID: actor, db, logger: logger) else { return nil }
        return WallAccess(wallID: id, ownerID: actor, actorID: actor, role: nil)
    }

    /// Like `access`, but throws `.notFound("wall")` for a wall the person can't see.
    static func require(
        _ ref: String?, actor: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> WallAccess {
        guard let access = try await access(ref, actor: actor, db, logger: logger) else {
            throw StoreError.notFound("wall")
        }
        return access
    }

    /// The walls a search's `wall:` names for the person: the wall with that id if they can see
    /// it, else every wall with that slug of their own or shared with them.
    static func searchWalls(
        _ ref: String, actor: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> [UUID] {
        if let id = UUID(text: ref) {
            return try await access(wallID: id, actor: actor, db, logger: logger).map { [$0.wallID] } ?? []
        }
        let slug = ref.lowercased()
        guard slug.isStorableInPostgres else { return [] }
        let rows = try await db.run("""
            SELECT w.id FROM walls w WHERE w.slug = \(slug)
              AND (w.user_id = \(actor) OR w.id IN (SELECT m.wall_id FROM wall_members m WHERE m.user_id = \(actor)))
            """, logger: logger)
        return try await rows.all().map { try $0.decode(UUID.self) }
    }

    /// The person's standing on the wall with this id, if they can see it: its owner and the
    /// person's role on it, read in one round trip; `WallAccess.standing` decides.
    static func access(
        wallID: UUID, actor: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> WallAccess? {
        let rows = try await db.run("""
            SELECT w.user_id AS owner_id, m.role AS role FROM walls w
            LEFT JOIN wall_members m ON m.wall_id = w.id AND m.user_id = \(actor)
            WHERE w.id = \(wallID)
            """, logger: logger)
        guard let row = try await rows.first()?.makeRandomAccess() else { return nil }
        let role = try row["role"].decode(String?.self).map { raw in
            guard let role = WallRole(rawValue: raw) else { throw CorruptRow(detail: "unknown wall role \(raw)") }
            return role
        }
        return WallAccess.standing(
            wallID: wallID, ownerID: try row["owner_id"].decode(UUID.self), actor: actor, memberRole: role
        )
    }

    /// The person's standing on the wall holding the item, and who added the item, if they can see it.
    static func access(
        itemID: UUID, actor: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> (access: WallAccess, addedBy: UUID?)? {
        let rows = try await db.run("SELECT wall_id, added_by FROM items WHERE id = \(itemID)", logger: logger)
        guard let row = try await rows.first()?.makeRandomAccess(),
              let access = try await access(
                  wallID: try row["wall_id"].decode(UUID.self), actor: actor, db, logger: logger
              )
        else { return nil }
        return (access, try row["added_by"].decode(UUID?.self))
    }

    /// The walls shared with the person, with their owners.
    static func memberWalls(actor: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> [MemberWall] {
        let rows = try await db.run("""
            SELECT m.wall_id, w.user_id FROM wall_members m JOIN walls w ON w.id = m.wall_id WHERE m.user_id = \(actor)
            """, logger: logger)
        return try await rows.all().map { row in
            let (wallID, ownerID) = try row.decode((UUID, UUID).self)
            return MemberWall(wallID: wallID, ownerID: ownerID)
        }
    }

    /// The ids of a wall's members.
    static func memberIDs(wallID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> [UUID] {
        let rows = try await db.run("SELECT user_id FROM wall_members WHERE wall_id = \(wallID)", logger: logger)
        return try await rows.all().map { try $0.decode(UUID.self) }
    }

    /// The user name of the user with this id.
    static func username(id: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> String? {
        let rows = try await db.run("SELECT username FROM users WHERE id = \(id)", logger: logger)
        return try await rows.first()?.decode(String.self)
    }

    /// The id of the user with this name (case-insensitive).
    static func userID(username: String, _ db: some PostgresQueryRunner, logger: Logger) async throws -> UUID? {
        guard username.isStorableInPostgres else { return nil }
        let rows = try await db.run("SELECT id FROM users WHERE lower(username) = lower(\(username))", logger: logger)
        return try await rows.first()?.decode(UUID.self)
    }
}
