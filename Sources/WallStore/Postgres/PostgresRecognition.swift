import Foundation
import Logging
import PostgresNIO
import WallCore

extension PostgresMigrations {
    /// The recognised text of an item's picture or scanned pages, and why recognition failed;
    /// its words join `search` through `preview_search`, the item's found words.
    static let v18RecognizedText = PostgresMigration(name: "v18-recognized-text", statements: [
        "ALTER TABLE items ADD COLUMN recognized_text text",
        "ALTER TABLE items ADD COLUMN recognition_error text",
    ])
}

extension PostgresStore {
    public func recordRecognition(
        itemID: UUID, userID: UUID, _ recognition: ItemRecognition, layerText: String?
    ) async throws -> Item? {
        let now = self.now
        let logger = self.logger
        return try await writeEvents { connection, events in
            guard var item = try await PostgresItemSQL.fetch(id: itemID, userID: userID, connection, logger: logger) else {
                return nil
            }
            let write = RecognitionWrite(recognition, layerText: layerText, itemText: item.text)
            item.updatedAt = now
            // The live event carries what was recognised, as the item's own answer does.
            item.recognizedText = recognition.text
            item.recognitionError = recognition.failure
            let document = SearchDocument(item: item).text
            let found = write.foundText.map { SearchDocument.found(text: $0).text }
            try await connection.query("""
                UPDATE items SET recognized_text = \(recognition.text), recognition_error = \(recognition.failure),
                    updated_at = \(now), preview_search = found.words,
                    search = to_tsvector('dwall_search', \(document)) || coalesce(found.words, ''::tsvector)
                FROM (SELECT to_tsvector('dwall_search', \(found)) AS words) AS found
                WHERE items.id = \(itemID)
                """, logger: logger)
            try await events.record(.updated, item: item, userID: userID, at: now, connection, logger: logger)
            return item
        }
    }

    public func itemsAwaitingRecognition(limit: Int) async throws -> [AwaitingRecognition] {
        try await ready.wait()
        let rows = try await client.query("""
            SELECT id, user_id, file FROM items
            WHERE (kind = 'image' OR file LIKE '%"application%pdf"%') AND state = 'ready' AND recognized_text IS NULL AND recognition_error IS NULL
                AND NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.item_id = items.id AND jobs.kind = 'recognize')
            ORDER BY created_at, id LIMIT \(limit)
            """, logger: logger)
        var found: [AwaitingRecognition] = []
        for try await (itemID, userID, text) in rows.decode((UUID, UUID, String).self) {
            if let file = try ItemFileColumn.decode(text) { found.append(AwaitingRecognition(itemID: itemID, userID: userID, file: file)) }
        }
        return found
    }

    public func recognition(itemID: UUID, userID: UUID) async throws -> ItemRecognition {
        try await ready.wait()
        let rows = try await client.query(
            "SELECT recognized_text, recognition_error FROM items WHERE id = \(itemID) AND user_id = \(userID)",
            logger: logger
        )
        guard let row = try await rows.first() else { return .none }
        let (text, failure) = try row.decode((String?, String?).self)
        return ItemRecognition(text: text, failure: failure)
    }
}
