import Foundation
import Logging
import PostgresNIO
import WallCore

extension PostgresStore {
    /// Holds the owner's lock, so two links made at once can't pass the cap together.
    public func createSearchLink(searchID: UUID, secretHash: String, indexable: Bool, userID: UUID) async throws -> SecretSearchLink {
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection in
            try await PostgresLocks.lockUser(userID, connection, logger: logger)
            guard try await Self.fetchSavedSearch(ref: searchID.uuidString, userID: userID, connection, logger: logger) != nil
            else { throw StoreError.notFound("search") }
            let counted = try await connection.query(
                "SELECT count(*)::int8 FROM search_links WHERE search_id = \(searchID)", logger: logger
            )
            try WallLinkRule.checkCount(Int(try await counted.first()?.decode(Int64.self) ?? 0))
            let link = SecretSearchLink(
                id: UUID.timeOrdered(at: now), searchId: searchID, indexable: indexable, createdAt: now.roundedToMillis
            )
            try await connection.query("""
                INSERT INTO search_links (id, search_id, secret_hash, indexable, created_at)
                VALUES (\(link.id), \(searchID), \(secretHash), \(indexable), \(now))
                """, logger: logger)
            return link
        }
    }

    public func searchLinks(searchID: UUID, userID: UUID) async throws -> [SecretSearchLink] {
        try await ready.wait()
        guard try await Self.fetchSavedSearch(ref: searchID.uuidString, userID: userID, client, logger: logger) != nil
        else { throw StoreError.notFound("search") }
        let rows = try await client.query("""
            SELECT id, indexable, created_at FROM search_links WHERE search_id = \(searchID)
            ORDER BY created_at DESC, id DESC
            """, logger: logger)
        return try await rows.all().map { row in
            let (id, indexable, created) = try row.decode((UUID, Bool, Date).self)
            return SecretSearchLink(id: id, searchId: searchID, indexable: indexable, createdAt: created.roundedToMillis)
        }
    }

    public func revokeSearchLink(id: UUID, searchID: UUID, userID: UUID) async throws -> Bool {
        try await ready.wait()
        return try await client.transaction(logger: logger) { connection in
            guard try await Self.fetchSavedSearch(ref: searchID.uuidString, userID: userID, connection, logger: logger) != nil
            else { throw StoreError.notFound("search") }
            let rows = try await connection.query(
                "DELETE FROM search_links WHERE id = \(id) AND search_id = \(searchID) RETURNING id", logger: logger
            )
            return try await rows.first() != nil
        }
    }

    /// The smart wall a secret opens, with the saved search's owner.
    func searchTarget(secretHash: String) async throws -> WallLinkTarget? {
        // The saved search's columns first, in `savedSearchColumns`' order, as `savedSearch` reads them.
        let rows = try await client.query("""
            SELECT s.id, s.name, s.query, s.slug, s.created_at, s.updated_at, l.id AS link_id, l.indexable, s.user_id
            FROM search_links l JOIN saved_searches s ON s.id = l.search_id WHERE l.secret_hash = \(secretHash)
            """, logger: logger)
        guard let row = try await rows.first() else { return nil }
        let search = try Self.savedSearch(row)
        let cells = row.makeRandomAccess()
        return WallLinkTarget(
            linkID: try cells["link_id"].decode(UUID.self), scope: .search(search),
            ownerID: try cells["user_id"].decode(UUID.self), indexable: try cells["indexable"].decode(Bool.self)
        )
    }
}
