import Foundation
import GRDB
import WallCore

/// The event log: every change to an item, numbered; the numbers also order the wall.
enum EventSQL {
    /// Appends an event and returns its sequence number.
    static func append(
        _ kind: ItemEvent.Kind, itemID: UUID, userID: UUID, at date: Date, _ db: Database
    ) throws -> Int64 {
        let statement = try db.cachedStatement(
            sql: "INSERT INTO events (user_id, kind, item_id, created_at) VALUES (?, ?, ?, ?)"
        )
        try statement.execute(arguments: [userID.dbText, kind.rawValue, itemID.dbText, date.millisSince1970])
        return db.lastInsertedRowID
    }

    /// Appends an event for `item` for its owner `userID` and for each member of its wall, and
    /// records them in `batch` for announcing after commit; returns the owner's sequence number.
    @discardableResult
    static func record(
        _ kind: ItemEvent.Kind, item: Item, userID: UUID, at date: Date, _ db: Database, in batch: inout EventBatch
    ) throws -> Int64 {
        let payload = kind == .deleted ? nil : item
        let seq = try append(kind, itemID: item.id, userID: userID, at: date, db)
        batch.append(userID: userID, ItemEvent(seq: seq, type: kind, itemId: item.id, item: payload))
        for member in try WallAccessSQL.memberIDs(wallID: item.wallId, db) where member != userID {
            let memberSeq = try append(kind, itemID: item.id, userID: member, at: date, db)
            batch.append(userID: member, ItemEvent(seq: memberSeq, type: kind, itemId: item.id, item: payload))
        }
        return seq
    }

    /// Events after `seq`, oldest first, with items as they are now; events of items that are
    /// gone are skipped (their deletion follows in the log). They are skipped in the query, so
    /// `limit` counts only events returned and an empty answer means the reader is caught up.
    static func events(after seq: Int64, userID: UUID, limit: Int, _ db: Database) throws -> [ItemEvent] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT seq, kind, item_id FROM events e
                WHERE e.user_id = ? AND e.seq > ?
                  AND (e.kind = ? OR EXISTS (SELECT 1 FROM items i WHERE i.id = e.item_id))
                ORDER BY e.seq LIMIT ?
                """,
            arguments: [userID.dbText, seq, ItemEvent.Kind.deleted.rawValue, limit]
        )
        return try rows.compactMap { row -> ItemEvent? in
            guard let kind = ItemEvent.Kind(rawValue: row["kind"]) else { throw CorruptRow(detail: "event kind") }
            let itemID = try SQLiteRows.uuid(row["item_id"])
            let seq: Int64 = row["seq"]
            if kind == .deleted { return ItemEvent(seq: seq, type: kind, itemId: itemID, item: nil) }
            guard let item = try ItemSQL.fetch(id: itemID, userID: userID, db) else { return nil }
            return ItemEvent(seq: seq, type: kind, itemId: itemID, item: item)
        }
    }
}
