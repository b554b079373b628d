import Foundation
import Logging
import PostgresNIO
import WallCore

extension PostgresMigrations {
    /// Link previews: the preview as JSON text, the readable text, and the preview's own search
    /// words (`preview_search`), which every write of `search` adds in, so the one GIN index on
    /// `search` finds items by their page's title, description, site and text too.
    static let v6LinkPreviews = PostgresMigration(name: "v6-link-previews", statements: [
        "ALTER TABLE items ADD COLUMN preview text",
        "ALTER TABLE items ADD COLUMN readable_text text",
        "ALTER TABLE items ADD COLUMN preview_search tsvector",
    ])
}

/// Link previews in PostgreSQL.
enum PostgresEnrichmentSQL {
    /// Writes what enrichment found for `item` (as stored); a `pending` state (a refresh) changes
    /// only the state. False when it wrote nothing (the item shows a later result).
    static func record(
        _ item: Item, state: ItemState, preview: LinkPreview?, at now: Date,
        _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> Bool {
        let write = EnrichmentWrite(state: state, preview: preview, over: item.preview)
        guard case .result(let state, let preview) = write else {
            guard write == .markPending else { return false }
            try await db.run("""
                UPDATE items SET state = \(ItemState.pending.rawValue), updated_at = \(now) WHERE id = \(item.id)
                """, logger: logger).all()
            return true
        }
        let previewSearch = SearchDocument.found(
            title: preview?.title, note: preview?.description, text: preview?.readableText, url: preview?.siteName
        ).text
        try await db.run("""
            UPDATE items SET state = \(state.rawValue), preview = \(try PreviewColumn.encode(preview)),
                readable_text = \(preview?.readableText), updated_at = \(now),
                preview_search = found.words,
                search = to_tsvector('dwall_search', \(SearchDocument(item: item).text)) || found.words
            FROM (SELECT to_tsvector('dwall_search', \(previewSearch)) AS words) AS found
            WHERE items.id = \(item.id)
            """, logger: logger).all()
        return true
    }
}

extension PostgresStore {
    public func recordEnrichment(itemID: UUID, userID: UUID, state: ItemState, preview: LinkPreview?) async throws -> Item? {
        let now = self.now
        let logger = self.logger
        try await ready.wait()
        // In the share writer's next batch: the result shares its events lock and commit.
        return try await writeQueue.write { connection, events in
            guard let current = try await PostgresItemSQL.fetch(id: itemID, userID: userID, connection, logger: logger)
            else { return nil }
            guard try await PostgresEnrichmentSQL.record(current, state: state, preview: preview, at: now, connection, logger: logger)
            else { return current }
            guard let item = try await PostgresItemSQL.fetch(id: itemID, userID: userID, connection, logger: logger)
            else { return nil }
            try await events.record(.updated, item: item, userID: userID, at: now, connection, logger: logger)
            return item
        }
    }

    public func readableText(itemID: UUID, userID: UUID) async throws -> String? {
        try await ready.wait()
        let rows = try await client.query(
            "SELECT readable_text FROM items WHERE id = \(itemID) AND user_id = \(userID)", logger: logger
        )
        return try await rows.first()?.decode(String?.self)
    }
}
