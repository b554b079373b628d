import Foundation
import GRDB
import WallCore

/// Link previews in SQLite: the `preview`, `readable_text` and `preview_search` columns, and the
/// full-text index remade with `preview_search` as a sixth column.
enum SQLiteEnrichment {
    /// Adds the preview columns and rebuilds the search index over them.
    static func v6LinkPreviews(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE items ADD COLUMN preview TEXT;
            ALTER TABLE items ADD COLUMN readable_text TEXT;
            ALTER TABLE items ADD COLUMN preview_search TEXT;
            DROP TRIGGER items_fts_after_insert;
            DROP TRIGGER items_fts_after_delete;
            DROP TRIGGER items_fts_after_update;
            DROP TABLE items_fts;
            CREATE VIRTUAL TABLE items_fts USING fts5(
                title, note, text, url, tags, preview_search,
                content = 'items', content_rowid = 'pk',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER items_fts_after_insert AFTER INSERT ON items BEGIN
                INSERT INTO fts_pending(pk) VALUES (new.pk);
            END;
            CREATE TRIGGER items_fts_after_delete AFTER DELETE ON items BEGIN
                INSERT INTO items_fts(items_fts, rowid, title, note, text, url, tags, preview_search)
                SELECT 'delete', old.pk, old.title, old.note, old.text, old.url, old.tags, old.preview_search
                WHERE NOT EXISTS (SELECT 1 FROM fts_pending WHERE pk = old.pk);
                DELETE FROM fts_pending WHERE pk = old.pk;
            END;
            CREATE TRIGGER items_fts_after_update
            AFTER UPDATE OF title, note, text, url, tags, preview_search ON items BEGIN
                INSERT INTO items_fts(items_fts, rowid, title, note, text, url, tags, preview_search)
                SELECT 'delete', old.pk, old.title, old.note, old.text, old.url, old.tags, old.preview_search
                WHERE NOT EXISTS (SELECT 1 FROM fts_pending WHERE pk = old.pk);
                INSERT OR IGNORE INTO fts_pending(pk) VALUES (new.pk);
            END;
            DELETE FROM fts_pending;
            INSERT INTO items_fts(items_fts) VALUES ('rebuild');
            """)
    }

    /// Writes what enrichment found on `item` (as stored); a `pending` state (a refresh) changes
    /// only the state. False when it wrote nothing (the item is gone, or shows a later result).
    static func record(
        _ item: Item, userID: UUID, state: ItemState, preview: LinkPreview?, at now: Date, _ db: Database
    ) throws -> Bool {
        let itemID = item.id
        switch EnrichmentWrite(state: state, preview: preview, over: item.preview) {
        case .superseded:
            return false
        case .markPending:
            try db.execute(
                sql: "UPDATE items SET state = ?, updated_at = ? WHERE id = ? AND user_id = ?",
                arguments: [ItemState.pending.rawValue, now.millisSince1970, itemID.dbText, userID.dbText]
            )
        case .result(let state, let preview):
            try db.execute(
                sql: """
                    UPDATE items SET state = ?, preview = ?, readable_text = ?, preview_search = ?, updated_at = ?
                    WHERE id = ? AND user_id = ?
                    """,
                arguments: [
                    state.rawValue, try PreviewColumn.encode(preview), preview?.readableText,
                    PreviewColumn.searchText(preview), now.millisSince1970, itemID.dbText, userID.dbText,
                ]
            )
        }
        return db.changesCount > 0
    }

    static func readableText(itemID: UUID, userID: UUID, _ db: Database) throws -> String? {
        try String.fetchOne(
            db, sql: "SELECT readable_text FROM items WHERE id = ? AND user_id = ?",
            arguments: [itemID.dbText, userID.dbText]
        )
    }
}

extension SQLiteStore {
    public func recordEnrichment(itemID: UUID, userID: UUID, state: ItemState, preview: LinkPreview?) async throws -> Item? {
        let now = self.now
        // In the writer's next group-commit batch, beside the shares and the job's own settle;
        // a job's result waits for a share's batch, a person's refresh (`pending`) does not.
        return try await shareQueue.write(background: state != .pending) { db, events in
            guard let current = try ItemSQL.fetch(id: itemID, userID: userID, db) else { return nil }
            guard try SQLiteEnrichment.record(current, userID: userID, state: state, preview: preview, at: now, db),
                  let item = try ItemSQL.fetch(id: itemID, userID: userID, db)
            else { return current }
            try EventSQL.record(.updated, item: item, userID: userID, at: now, db, in: &events)
            return item
        }
    }

    public func readableText(itemID: UUID, userID: UUID) async throws -> String? {
        try await pool.read { db in try SQLiteEnrichment.readableText(itemID: itemID, userID: userID, db) }
    }
}
