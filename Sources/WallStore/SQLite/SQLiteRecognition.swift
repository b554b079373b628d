import Foundation
import GRDB
import WallCore

/// Text recognised in pictures and scans in SQLite: the `recognized_text` and
/// `recognition_error` columns; the recognised words reach the full-text index as the item's
/// found words (`preview_search`, whose change the index's triggers queue).
enum SQLiteRecognition {
    /// The recognised text of an item's picture or scanned pages, and why recognition failed.
    static func v13RecognizedText(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE items ADD COLUMN recognized_text TEXT;
            ALTER TABLE items ADD COLUMN recognition_error TEXT;
            """)
    }

    static func recognition(itemID: UUID, userID: UUID, _ db: Database) throws -> ItemRecognition {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT recognized_text, recognition_error FROM items WHERE id = ? AND user_id = ?",
            arguments: [itemID.dbText, userID.dbText]
        ) else { return .none }
        return ItemRecognition(text: row["recognized_text"], failure: row["recognition_error"])
    }
}

extension SQLiteStore {
    public func recordRecognition(
        itemID: UUID, userID: UUID, _ recognition: ItemRecognition, layerText: String?
    ) async throws -> Item? {
        let now = self.now
        return try await write { db, events in
            guard var item = try ItemSQL.fetch(id: itemID, userID: userID, db) else { return nil }
            let write = RecognitionWrite(recognition, layerText: layerText, itemText: item.text)
            item.updatedAt = now
            // The live event carries what was recognised, as the item's own answer does.
            item.recognizedText = recognition.text
            item.recognitionError = recognition.failure
            try db.execute(
                sql: """
                    UPDATE items SET recognized_text = ?, recognition_error = ?, preview_search = ?, updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [recognition.text, recognition.failure, write.foundText, now.millisSince1970, itemID.dbText]
            )
            try EventSQL.record(.updated, item: item, userID: userID, at: now, db, in: &events)
            return item
        }
    }

    public func itemsAwaitingRecognition(limit: Int) async throws -> [AwaitingRecognition] {
        try await pool.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, user_id, file FROM items
                WHERE (kind = 'image' OR file LIKE '%"application%pdf"%') AND state = 'ready' AND recognized_text IS NULL AND recognition_error IS NULL
                    AND NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.item_id = items.id AND jobs.kind = 'recognize')
                ORDER BY pk LIMIT ?
                """, arguments: [limit])
            return try rows.compactMap { row in
                guard let file = try ItemFileColumn.decode(row["file"]) else { return nil }
                return AwaitingRecognition(
                    itemID: try SQLiteRows.uuid(row["id"]), userID: try SQLiteRows.uuid(row["user_id"]), file: file
                )
            }
        }
    }

    public func recognition(itemID: UUID, userID: UUID) async throws -> ItemRecognition {
        try await pool.read { db in try SQLiteRecognition.recognition(itemID: itemID, userID: userID, db) }
    }
}
