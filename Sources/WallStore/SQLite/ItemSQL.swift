import Foundation
import GRDB
import WallCore

/// Item reads and writes inside an open SQLite transaction.
enum ItemSQL {
    /// The item, if `userID` can see it: its row, whose it is and whether `userID` is a member of
    /// its wall, read in one statement; `VisibleItems.item(_:seenBy:)` decides.
    static func fetch(id: UUID, userID: UUID, _ db: Database) throws -> Item? {
        let statement = try db.cachedStatement(sql: """
            SELECT \(SQLiteRows.itemColumns), user_id AS owner_id,
                   EXISTS (SELECT 1 FROM wall_members m WHERE m.wall_id = items.wall_id AND m.user_id = ?) AS reader_is_member
            FROM items WHERE id = ?
            """)
        guard let row = try Row.fetchOne(statement, arguments: [userID.dbText, id.dbText]) else { return nil }
        let stored = StoredItem(
            item: try SQLiteRows.item(from: row), ownerID: try SQLiteRows.uuid(row["owner_id"]),
            readerIsMember: row["reader_is_member"]
        )
        return VisibleItems.item(stored, seenBy: userID)
    }

    /// The item holding this canonical link on this wall, if any.
    static func fetch(wallID: UUID, canonicalURL: String, _ db: Database) throws -> Item? {
        let statement = try db.cachedStatement(
            sql: "SELECT \(SQLiteRows.itemColumns) FROM items WHERE wall_id = ? AND canonical_url = ?"
        )
        return try Row.fetchOne(statement, arguments: [wallID.dbText, canonicalURL]).map(SQLiteRows.item)
    }

    static func canonicalURL(itemID: UUID, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT canonical_url FROM items WHERE id = ?", arguments: [itemID.dbText])
    }

    /// The items on a wall with their links, oldest first (what deleting the wall disposes of).
    static func disposedItems(wallID: UUID, _ db: Database) throws -> [DisposedItem] {
        try Row.fetchAll(
            db, sql: "SELECT id, canonical_url FROM items WHERE wall_id = ? ORDER BY sort_key", arguments: [wallID.dbText]
        ).map { DisposedItem(id: try SQLiteRows.uuid($0["id"]), canonicalURL: $0["canonical_url"]) }
    }

    /// Inserts an item stored under `userID` (its wall's owner); `addedBy` is the member who
    /// added it to a shared wall (`nil` for the owner).
    static func insert(
        _ item: Item, canonicalURL: String?, sortKey: Int64, userID: UUID, addedBy: UUID? = nil, _ db: Database
    ) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags,
                               source, state, shared_at, created_at, updated_at, sort_key, added_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            item.id.dbText, userID.dbText, item.wallId.dbText, item.kind.rawValue, item.url, canonicalURL,
            item.title, item.text, item.userNote, SQLiteRows.tagsText(item.tags), item.source.rawValue,
            item.state.rawValue, item.sharedAt?.millisSince1970, item.createdAt.millisSince1970,
            item.updatedAt.millisSince1970, sortKey, addedBy?.dbText,
        ])
        try insertTags(item.tags, itemID: item.id, userID: userID, db)
    }

    /// Writes an item's editable fields; moves it to the top when `sortKey` is given.
    static func update(_ item: Item, sortKey: Int64?, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE items SET title = ?, note = ?, tags = ?, wall_id = ?, state = ?, updated_at = ?,
                                 sort_key = coalesce(?, sort_key)
                WHERE id = ?
                """,
            arguments: [
                item.title, item.userNote, SQLiteRows.tagsText(item.tags), item.wallId.dbText,
                item.state.rawValue, item.updatedAt.millisSince1970, sortKey, item.id.dbText,
            ]
        )
    }

    static func replaceTags(_ tags: [String], itemID: UUID, userID: UUID, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM item_tags WHERE item_id = ?", arguments: [itemID.dbText])
        try insertTags(tags, itemID: itemID, userID: userID, db)
    }

    /// Writes an item's text (when an item merging into it brought its own, `absorbing`). Edits
    /// never change an item's text, so `update` leaves it alone.
    static func replaceText(_ text: String?, itemID: UUID, _ db: Database) throws {
        try db.execute(sql: "UPDATE items SET text = ? WHERE id = ?", arguments: [text, itemID.dbText])
    }

    /// Deletes an item; false when the user has no such item.
    static func delete(id: UUID, userID: UUID, _ db: Database) throws -> Bool {
        try db.execute(
            sql: "DELETE FROM items WHERE id = ? AND user_id = ?", arguments: [id.dbText, userID.dbText]
        )
        return db.changesCount > 0
    }

    private static func insertTags(_ tags: [String], itemID: UUID, userID: UUID, _ db: Database) throws {
        guard !tags.isEmpty else { return }
        let statement = try db.cachedStatement(sql: "INSERT INTO item_tags (item_id, user_id, tag) VALUES (?, ?, ?)")
        for tag in tags { try statement.execute(arguments: [itemID.dbText, userID.dbText, tag]) }
    }
}
