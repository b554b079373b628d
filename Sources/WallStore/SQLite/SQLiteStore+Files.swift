import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    /// One transaction for every file of the share: all items and their follow-up jobs, or (on
    /// any refusal) none.
    public func saveFileShare(_ share: ValidFileShare, userID: UUID, followUps: FollowUpPolicy) async throws -> [ShareOutcome] {
        let now = self.now
        let outcomes = try await write { db, events in
            var outcomes: [ShareOutcome] = []
            for part in share.parts {
                if let replay = try ShareReceiptSQL.replay(of: part.share, userID: userID, db) {
                    outcomes.append(replay)
                    continue
                }
                let access = try WallAccessSQL.require(part.share.wall, actor: userID, db)
                try access.requirePost()
                var item = part.share.fileItem(part.file, id: UUID.timeOrdered(at: now), wallID: access.wallID, at: now)
                item.addedBy = try access.addedBy.flatMap { try UserSQL.username(id: $0, db) }
                let seq = try EventSQL.record(.created, item: item, userID: access.ownerID, at: now, db, in: &events)
                try ItemSQL.insert(
                    item, canonicalURL: nil, sortKey: seq, userID: access.ownerID, addedBy: access.addedBy, db
                )
                try db.execute(
                    sql: "UPDATE items SET file = ? WHERE id = ?",
                    arguments: [try ItemFileColumn.encode(item.file), item.id.dbText]
                )
                try ShareReceiptSQL.insert(part.share, itemID: item.id, duplicate: false, userID: userID, at: now, db)
                try SQLiteJobSQL.insertFollowUps(
                    followUps.jobs(for: item.kind), priority: followUps.priority(for: item.source), item: item,
                    userID: access.ownerID, now: now, db
                )
                outcomes.append(ShareOutcome(kind: .created, item: item))
            }
            return outcomes
        }
        if followUps.enqueuedAny(for: outcomes.map { .success($0) }) { (jobs as? SQLiteJobQueue)?.signal.notify() }
        return outcomes
    }

    /// Writes what processing made of an item's file (renditions, size, text for search, state).
    public func updateItemFile(
        id: UUID, userID: UUID, file: ItemFile, text: String?, state: ItemState
    ) async throws -> Item? {
        let now = self.now
        return try await write { db, events in
            guard let stored = try ItemSQL.fetch(id: id, userID: userID, db) else { return nil }
            let write = ItemFileWrite(applying: file, text: text, state: state, at: now, to: stored)
            let item = write.item
            try db.execute(
                sql: """
                    UPDATE items SET file = ?, text = ?, state = ?, updated_at = ?,
                        preview_search = coalesce(?, preview_search)
                    WHERE id = ?
                    """,
                arguments: [
                    try ItemFileColumn.encode(file), item.text, state.rawValue, now.millisSince1970, write.foundText,
                    id.dbText,
                ]
            )
            try EventSQL.record(.updated, item: item, userID: userID, at: now, db, in: &events)
            return item
        }
    }

    /// Reads every item's file column and collects the hashes it names.
    public func referencedBlobHashes() async throws -> Set<String> {
        try await pool.read { db in try Self.referencedBlobHashes(db) }
    }

    /// The blob hashes the items in `db` name (their files and link pictures) and the page
    /// snapshots waiting for their enrich jobs; also read from a backup's snapshot, which is
    /// never opened as a store.
    static func referencedBlobHashes(_ db: Database) throws -> Set<String> {
        var hashes = Set<String>()
        let rows = try String.fetchCursor(db, sql: "SELECT file FROM items WHERE file IS NOT NULL")
        while let text = try rows.next() {
            if let file = try ItemFileColumn.decode(text) { hashes.formUnion(file.blobHashes) }
        }
        let previews = try String.fetchCursor(db, sql: "SELECT preview FROM items WHERE preview IS NOT NULL")
        while let text = try previews.next() {
            if let preview = try PreviewColumn.decode(text) { hashes.formUnion(preview.blobHashes) }
        }
        let payloads = try String.fetchCursor(db, sql: "SELECT payload FROM jobs WHERE kind = 'enrich' AND payload IS NOT NULL")
        while let payload = try payloads.next() {
            if let snapshot = EnrichPayload(stored: payload) { hashes.insert(snapshot.pageSnapshot) }
        }
        return hashes
    }
}
