import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func createSearchLink(searchID: UUID, secretHash: String, indexable: Bool, userID: UUID) async throws -> SecretSearchLink {
        let now = self.now
        return try await write { db, _ in
            guard try Self.fetchSavedSearch(ref: searchID.dbText, userID: userID, db) != nil else {
                throw StoreError.notFound("search")
            }
            let count = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM search_links WHERE search_id = ?", arguments: [searchID.dbText]
            ) ?? 0
            try WallLinkRule.checkCount(count)
            let link = SecretSearchLink(id: UUID.timeOrdered(at: now), searchId: searchID, indexable: indexable, createdAt: now)
            try db.execute(
                sql: "INSERT INTO search_links (id, search_id, secret_hash, indexable, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [link.id.dbText, searchID.dbText, secretHash, indexable, now.millisSince1970]
            )
            return link
        }
    }

    public func searchLinks(searchID: UUID, userID: UUID) async throws -> [SecretSearchLink] {
        try await pool.read { db in
            guard try Self.fetchSavedSearch(ref: searchID.dbText, userID: userID, db) != nil else {
                throw StoreError.notFound("search")
            }
            return try Row.fetchAll(
                db,
                sql: "SELECT id, indexable, created_at FROM search_links WHERE search_id = ? ORDER BY created_at DESC, id DESC",
                arguments: [searchID.dbText]
            ).map { row in
                SecretSearchLink(
                    id: try SQLiteRows.uuid(row["id"]), searchId: searchID, indexable: row["indexable"],
                    createdAt: SQLiteRows.date(row["created_at"])
                )
            }
        }
    }

    public func revokeSearchLink(id: UUID, searchID: UUID, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            guard try Self.fetchSavedSearch(ref: searchID.dbText, userID: userID, db) != nil else {
                throw StoreError.notFound("search")
            }
            try db.execute(
                sql: "DELETE FROM search_links WHERE id = ? AND search_id = ?", arguments: [id.dbText, searchID.dbText]
            )
            return db.changesCount > 0
        }
    }

    /// The smart wall a secret opens, with the saved search's owner.
    static func searchTarget(secretHash: String, _ db: Database) throws -> WallLinkTarget? {
        let statement = try db.cachedStatement(sql: """
            SELECT l.id AS link_id, l.indexable, s.* FROM search_links l
            JOIN saved_searches s ON s.id = l.search_id WHERE l.secret_hash = ?
            """)
        guard let row = try Row.fetchOne(statement, arguments: [secretHash]) else { return nil }
        return WallLinkTarget(
            linkID: try SQLiteRows.uuid(row["link_id"]), scope: .search(try savedSearch(row)),
            ownerID: try SQLiteRows.uuid(row["user_id"]), indexable: row["indexable"]
        )
    }
}
