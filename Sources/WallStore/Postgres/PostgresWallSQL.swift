import Foundation
import Logging
import PostgresNIO
import WallCore

/// Wall lookups and writes in PostgreSQL.
enum PostgresWallSQL {
    /// The id of the wall `ref` names (an id or a slug), or of the default wall when `ref` is nil.
    static func resolve(
        _ ref: String?, userID: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> UUID? {
        let query: PostgresQuery
        if let ref, let id = UUID(text: ref) {
            query = "SELECT id FROM walls WHERE id = \(id) AND user_id = \(userID)"
        } else if let ref {
            guard ref.isStorableInPostgres else { return nil }
            query = "SELECT id FROM walls WHERE slug = \(ref.lowercased()) AND user_id = \(userID)"
        } else {
            query = "SELECT id FROM walls WHERE user_id = \(userID) AND is_default"
        }
        return try await db.run(query, logger: logger).first()?.decode(UUID.self)
    }

    static func fetch(id: UUID, userID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> Wall? {
        let rows = try await db.run(
            "SELECT \(unescaped: PostgresRows.wallColumns) FROM walls w WHERE w.id = \(id) AND w.user_id = \(userID)",
            logger: logger
        )
        return try await rows.first().map(PostgresRows.wall)
    }

    /// The person's own walls, in no order (`VisibleWalls` orders them).
    static func all(userID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> [Wall] {
        let rows = try await db.run(
            "SELECT \(unescaped: PostgresRows.wallColumns) FROM walls w WHERE w.user_id = \(userID)", logger: logger
        )
        return try await rows.all().map(PostgresRows.wall)
    }

    /// The walls shared with the person, each with its owner's name and their role, in no order.
    static func shared(
        with userID: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> [SharedWallRow] {
        let rows = try await db.run("""
            SELECT \(unescaped: PostgresRows.wallColumns), u.username AS owner, m.role AS role
            FROM wall_members m JOIN walls w ON w.id = m.wall_id JOIN users u ON u.id = w.user_id
            WHERE m.user_id = \(userID)
            """, logger: logger)
        return try await rows.all().map { row in
            let cells = row.makeRandomAccess()
            let raw = try cells["role"].decode(String.self)
            guard let role = WallRole(rawValue: raw) else { throw CorruptRow(detail: "unknown wall role \(raw)") }
            let owner = try cells["owner"].decode(String.self)
            return SharedWallRow(wall: try PostgresRows.wall(row), owner: owner, role: role)
        }
    }

    /// The person's walls as the wall rules need them: slug and position.
    static func slots(userID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> [WallSlot] {
        let rows = try await db.run("SELECT slug, position FROM walls WHERE user_id = \(userID)", logger: logger)
        return try await rows.all().map { row in
            let columns = row.makeRandomAccess()
            return WallSlot(slug: try columns["slug"].decode(String.self), position: try columns["position"].decode(Int.self))
        }
    }

    static func insert(
        id: UUID, slug: String, name: String, isDefault: Bool, position: Int, userID: UUID, at date: Date,
        _ db: some PostgresQueryRunner, logger: Logger
    ) async throws {
        try await db.run("""
            INSERT INTO walls (id, user_id, slug, name, is_default, position, created_at)
            VALUES (\(id), \(userID), \(slug), \(name), \(isDefault), \(position), \(date))
            """, logger: logger).all()
    }
}
