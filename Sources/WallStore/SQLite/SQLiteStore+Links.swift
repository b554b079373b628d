import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func createWallLink(wallID: UUID, secretHash: String, indexable: Bool, userID: UUID) async throws -> SecretWallLink {
        let now = self.now
        return try await write { db, _ in
            let access = try WallAccessSQL.access(wallID: wallID, actor: userID, db)
            guard let access else { throw StoreError.notFound("wall") }
            let count = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM wall_links WHERE wall_id = ?", arguments: [wallID.dbText]
            ) ?? 0
            try WallLinkRule.checkCreate(by: access, linkCount: count)
            let id = UUID.timeOrdered(at: now)
            try db.execute(
                sql: """
                    INSERT INTO wall_links (id, wall_id, secret_hash, indexable, created_at, created_by)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [id.dbText, wallID.dbText, secretHash, indexable, now.millisSince1970, userID.dbText]
            )
            guard let link = try Self.links(wallID: wallID, db).first(where: { $0.id == id }) else {
                throw StoreError.notFound("link")
            }
            return link
        }
    }

    public func wallLinks(wallID: UUID, userID: UUID) async throws -> [SecretWallLink] {
        try await pool.read { db in
            guard let access = try WallAccessSQL.access(wallID: wallID, actor: userID, db) else {
                throw StoreError.notFound("wall")
            }
            try WallLinkRule.checkManage(by: access)
            return try Self.links(wallID: wallID, db)
        }
    }

    public func revokeWallLink(id: UUID, wallID: UUID, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            guard let access = try WallAccessSQL.access(wallID: wallID, actor: userID, db) else {
                throw StoreError.notFound("wall")
            }
            try WallLinkRule.checkManage(by: access)
            try db.execute(
                sql: "DELETE FROM wall_links WHERE id = ? AND wall_id = ?", arguments: [id.dbText, wallID.dbText]
            )
            return db.changesCount > 0
        }
    }

    public func linkedWall(secretHash: String) async throws -> LinkedWall? {
        try await pool.read { db in
            guard let target = try Self.target(secretHash: secretHash, db) else { return nil }
            var wall: Wall?
            if case .wall(let wallID) = target.scope { wall = try WallSQL.fetch(id: wallID, userID: target.ownerID, db) }
            return WallLinkRule.linked(target, wall: wall)
        }
    }

    public func linkedItems(secretHash: String, query: ItemQuery) async throws -> ItemPage? {
        try await linkedItems(of: pool.read { db in try Self.target(secretHash: secretHash, db) }, query: query)
    }

    public func linkedItem(id: UUID, secretHash: String) async throws -> Item? {
        try await linkedItem(id: id, of: pool.read { db in try Self.target(secretHash: secretHash, db) })
    }

    // MARK: Rows

    /// The link a secret opens, with its owner (never leaves the store): a wall's, else a smart
    /// wall's.
    private static func target(secretHash: String, _ db: Database) throws -> WallLinkTarget? {
        let statement = try db.cachedStatement(sql: """
            SELECT l.id, l.wall_id, l.indexable, w.user_id AS owner_id FROM wall_links l
            JOIN walls w ON w.id = l.wall_id WHERE l.secret_hash = ?
            """)
        guard let row = try Row.fetchOne(statement, arguments: [secretHash]) else {
            return try searchTarget(secretHash: secretHash, db)
        }
        return WallLinkTarget(
            linkID: try SQLiteRows.uuid(row["id"]), scope: .wall(try SQLiteRows.uuid(row["wall_id"])),
            ownerID: try SQLiteRows.uuid(row["owner_id"]), indexable: row["indexable"]
        )
    }

    private static func links(wallID: UUID, _ db: Database) throws -> [SecretWallLink] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT l.id, l.indexable, l.created_at, u.username FROM wall_links l
                LEFT JOIN users u ON u.id = l.created_by WHERE l.wall_id = ? ORDER BY l.created_at DESC, l.id DESC
                """,
            arguments: [wallID.dbText]
        ).map { row in
            SecretWallLink(
                id: try SQLiteRows.uuid(row["id"]), wallId: wallID, indexable: row["indexable"],
                createdAt: SQLiteRows.date(row["created_at"]), createdBy: row["username"]
            )
        }
    }
}
