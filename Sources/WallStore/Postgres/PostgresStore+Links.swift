import Foundation
import Logging
import PostgresNIO
import WallCore

extension PostgresStore {
    /// Holds the owner's lock, so two links made at once can't pass the cap together.
    public func createWallLink(wallID: UUID, secretHash: String, indexable: Bool, userID: UUID) async throws -> SecretWallLink {
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection in
            try await PostgresLocks.lockUser(userID, connection, logger: logger)
            guard let access = try await PostgresWallAccessSQL.access(
                wallID: wallID, actor: userID, connection, logger: logger
            ) else { throw StoreError.notFound("wall") }
            let counted = try await connection.query(
                "SELECT count(*)::int8 FROM wall_links WHERE wall_id = \(wallID)", logger: logger
            )
            let count = try await counted.first()?.decode(Int64.self) ?? 0
            try WallLinkRule.checkCreate(by: access, linkCount: Int(count))
            let id = UUID.timeOrdered(at: now)
            try await connection.query("""
                INSERT INTO wall_links (id, wall_id, secret_hash, indexable, created_at, created_by)
                VALUES (\(id), \(wallID), \(secretHash), \(indexable), \(now), \(userID))
                """, logger: logger)
            guard let link = try await Self.links(wallID: wallID, connection, logger: logger).first(where: { $0.id == id })
            else { throw StoreError.notFound("link") }
            return link
        }
    }

    public func wallLinks(wallID: UUID, userID: UUID) async throws -> [SecretWallLink] {
        try await ready.wait()
        guard let access = try await PostgresWallAccessSQL.access(wallID: wallID, actor: userID, client, logger: logger)
        else { throw StoreError.notFound("wall") }
        try WallLinkRule.checkManage(by: access)
        return try await Self.links(wallID: wallID, client, logger: logger)
    }

    public func revokeWallLink(id: UUID, wallID: UUID, userID: UUID) async throws -> Bool {
        try await ready.wait()
        return try await client.transaction(logger: logger) { connection in
            guard let access = try await PostgresWallAccessSQL.access(
                wallID: wallID, actor: userID, connection, logger: logger
            ) else { throw StoreError.notFound("wall") }
            try WallLinkRule.checkManage(by: access)
            let rows = try await connection.query(
                "DELETE FROM wall_links WHERE id = \(id) AND wall_id = \(wallID) RETURNING id", logger: logger
            )
            return try await rows.first() != nil
        }
    }

    public func linkedWall(secretHash: String) async throws -> LinkedWall? {
        try await ready.wait()
        guard let target = try await target(secretHash: secretHash) else { return nil }
        var wall: Wall?
        if case .wall(let wallID) = target.scope {
            wall = try await PostgresWallSQL.fetch(id: wallID, userID: target.ownerID, client, logger: logger)
        }
        return WallLinkRule.linked(target, wall: wall)
    }

    public func linkedItems(secretHash: String, query: ItemQuery) async throws -> ItemPage? {
        try await ready.wait()
        return try await linkedItems(of: target(secretHash: secretHash), query: query)
    }

    public func linkedItem(id: UUID, secretHash: String) async throws -> Item? {
        try await ready.wait()
        return try await linkedItem(id: id, of: target(secretHash: secretHash))
    }

    // MARK: Rows

    /// The link a secret opens, with its owner (never leaves the store): a wall's, else a smart
    /// wall's.
    private func target(secretHash: String) async throws -> WallLinkTarget? {
        guard secretHash.isStorableInPostgres else { return nil }
        let rows = try await client.query("""
            SELECT l.id, l.wall_id, l.indexable, w.user_id FROM wall_links l
            JOIN walls w ON w.id = l.wall_id WHERE l.secret_hash = \(secretHash)
            """, logger: logger)
        guard let row = try await rows.first() else { return try await searchTarget(secretHash: secretHash) }
        let cells = row.makeRandomAccess()
        return WallLinkTarget(
            linkID: try cells["id"].decode(UUID.self), scope: .wall(try cells["wall_id"].decode(UUID.self)),
            ownerID: try cells["user_id"].decode(UUID.self), indexable: try cells["indexable"].decode(Bool.self)
        )
    }

    private static func links(
        wallID: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> [SecretWallLink] {
        let rows = try await db.run("""
            SELECT l.id, l.indexable, l.created_at, u.username FROM wall_links l
            LEFT JOIN users u ON u.id = l.created_by WHERE l.wall_id = \(wallID) ORDER BY l.created_at DESC, l.id DESC
            """, logger: logger)
        return try await rows.all().map { row in
            let cells = row.makeRandomAccess()
            return SecretWallLink(
                id: try cells["id"].decode(UUID.self), wallId: wallID, indexable: try cells["indexable"].decode(Bool.self),
                createdAt: try cells["created_at"].decode(Date.self).roundedToMillis,
                createdBy: try cells["username"].decode(String?.self)
            )
        }
    }
}
