import Foundation
import Logging
import PostgresNIO
import WallCore

/// Item reads and writes in PostgreSQL.
enum PostgresItemSQL {
    /// The item, if `userID` can see it: its row, whose it is and whether `userID` is a member of
    /// its wall, read in one round trip; `VisibleItems.item(_:seenBy:)` decides.
    static func fetch(id: UUID, userID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> Item? {
        let rows = try await db.run("""
            SELECT \(unescaped: PostgresRows.itemColumns("i")), i.user_id AS owner_id,
                   EXISTS (SELECT 1 FROM wall_members m WHERE m.wall_id = i.wall_id AND m.user_id = \(userID)) AS reader_is_member
            FROM items i WHERE i.id = \(id)
            """, logger: logger)
        guard let row = try await rows.first()?.makeRandomAccess() else { return nil }
        return VisibleItems.item(try PostgresRows.storedItem(row), seenBy: userID)
    }

    /// The item holding this canonical link on this wall, if any.
    static func fetch(
        wallID: UUID, canonicalURL: String, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> Item? {
        let rows = try await db.run("""
            SELECT \(unescaped: PostgresRows.itemColumns("i")) FROM items i
            WHERE i.wall_id = \(wallID) AND md5(i.canonical_url) = md5(\(canonicalURL)) AND i.canonical_url = \(canonicalURL)
            """, logger: logger)
        return try await rows.first().map { try PostgresRows.item($0.makeRandomAccess()).item }
    }

    static func canonicalURL(itemID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> String? {
        let rows = try await db.run("SELECT canonical_url FROM items WHERE id = \(itemID)", logger: logger)
        return try await rows.first()?.decode(String?.self)
    }

    /// The items on a wall with their links, oldest first (what deleting the wall disposes of).
    static func disposedItems(wallID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> [DisposedItem] {
        let rows = try await db.run(
            "SELECT id, canonical_url FROM items WHERE wall_id = \(wallID) ORDER BY sort_key", logger: logger
        )
        return try await rows.all().map { row in
            let columns = row.makeRandomAccess()
            return DisposedItem(
                id: try columns["id"].decode(UUID.self), canonicalURL: try columns["canonical_url"].decode(String?.self)
            )
        }
    }

    /// The items on `wallID` holding any of `links`, by link.
    static func holders(
        of links: [String], wallID: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> [String: UUID] {
        guard !links.isEmpty else { return [:] }
        let rows = try await db.run("""
            SELECT canonical_url, id FROM items
            WHERE wall_id = \(wallID) AND md5(canonical_url) IN (SELECT md5(link) FROM unnest(\(links)::text[]) AS link)
              AND canonical_url = ANY(\(links))
            """, logger: logger)
        var holders: [String: UUID] = [:]
        for try await (link, id) in rows.decode((String, UUID).self) { holders[link] = id }
        return holders
    }

    /// Writes an item's editable fields (and its search document); moves it to the top with a
    /// new sort key when `sortKey` is given.
    static func update(_ item: Item, sortKey: Int64?, _ db: some PostgresQueryRunner, logger: Logger) async throws {
        let document = SearchDocument(item: item).text
        try await db.run("""
            UPDATE items SET title = \(item.title), note = \(item.userNote), tags = \(item.tags),
                wall_id = \(item.wallId), state = \(item.state.rawValue), updated_at = \(item.updatedAt),
                sort_key = coalesce(\(sortKey), sort_key), search = to_tsvector('dwall_search', \(document))
                    || coalesce(preview_search, ''::tsvector)
            WHERE id = \(item.id)
            """, logger: logger).all()
    }

    /// Writes an item's text (when an item merging into it brought its own, `absorbing`); its
    /// search document is written by `update`. Edits never change an item's text, so `update`
    /// leaves it alone and can't write back a text fetched before a file's processing wrote one.
    static func replaceText(_ text: String?, itemID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws {
        try await db.run("UPDATE items SET text = \(text) WHERE id = \(itemID)", logger: logger).all()
    }

    /// Deletes an item; false when the user has no such item.
    static func delete(id: UUID, userID: UUID, _ db: some PostgresQueryRunner, logger: Logger) async throws -> Bool {
        let rows = try await db.run(
            "DELETE FROM items WHERE id = \(id) AND user_id = \(userID) RETURNING id", logger: logger
        )
        return try await rows.first() != nil
    }
}
