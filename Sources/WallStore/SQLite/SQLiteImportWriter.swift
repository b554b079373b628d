import Foundation
import GRDB
import WallCore

/// Stores a batch of imported entries in one transaction.
///
/// New items keep their original dates and take the entry id as their id when it is free. They
/// get sort keys from the event sequence, reserved as a block, but no events: 10,000 imported
/// items would otherwise be 10,000 events replayed to every open wall (see `WallStore.importItems`).
/// New items get the jobs `followUps` names at `.bulk` priority, in the same transaction.
enum SQLiteImportWriter {
    static func save(
        _ entries: [ValidImport], userID: UUID, now: Date, followUps: FollowUpPolicy, _ db: Database
    ) throws -> [ImportOutcome] {
        var walls: [String: UUID] = [:]
        var wallIDs: [UUID?] = []
        wallIDs.reserveCapacity(entries.count)
        for entry in entries {
            let ref = entry.share.wall ?? ""
            let wallID = try walls[ref] ?? WallSQL.resolve(entry.share.wall, userID: userID, db)
            walls[ref] = wallID
            wallIDs.append(wallID)
        }
        let known = try knownRows(entries, wallIDs: wallIDs, userID: userID, db)
        let plan = ImportPlan(entries, wallIDs: wallIDs, known: known, followUps: followUps, now: now)
        var sortKey = try reservedSortKey(db)
        for new in plan.newItems {
            sortKey += 1
            try ItemSQL.insert(new.item, canonicalURL: new.canonicalURL, sortKey: sortKey, userID: userID, db)
            if let file = new.item.file {
                try db.execute(
                    sql: "UPDATE items SET file = ? WHERE id = ?", arguments: [try ItemFileColumn.encode(file), new.item.id.dbText]
                )
            }
        }
        if !plan.newItems.isEmpty { try reserve(upTo: sortKey, db) }
        for receipt in plan.receipts {
            try ShareReceiptSQL.insert(
                shareID: receipt.shareID, fingerprint: receipt.fingerprint, itemID: receipt.itemID,
                duplicate: receipt.duplicate, userID: userID, at: now, db
            )
        }
        for job in plan.jobs {
            try SQLiteJobSQL.insert(
                JobRules.queued(NewJob(kind: job.kind, itemID: job.itemID, userID: userID, priority: .bulk), id: job.id, now: now),
                db
            )
        }
        return plan.outcomes
    }

    /// What the database holds already for these entries: their receipts, their links on their
    /// walls, and entry ids some item has as its id.
    private static func knownRows(
        _ entries: [ValidImport], wallIDs: [UUID?], userID: UUID, _ db: Database
    ) throws -> KnownImportRows {
        var known = KnownImportRows()
        for (entry, wallID) in zip(entries, wallIDs) {
            let share = entry.share
            if let itemID = try receiptItem(share.shareID, userID: userID, db) {
                known.receipts[share.shareID] = itemID
                continue
            }
            if let wallID, let link = share.canonicalURL,
               let existing = try ItemSQL.fetch(wallID: wallID, canonicalURL: link, db) {
                known.links[WallLinkKey(wallID: wallID, canonicalURL: link)] = existing.id
            }
            if try !idIsFree(share.shareID, db) { known.takenIDs.insert(share.shareID) }
        }
        return known
    }

    private static func receiptItem(_ shareID: UUID, userID: UUID, _ db: Database) throws -> UUID? {
        let statement = try db.cachedStatement(sql: "SELECT item_id FROM share_receipts WHERE user_id = ? AND share_id = ?")
        return try String.fetchOne(statement, arguments: [userID.dbText, shareID.dbText]).map(SQLiteRows.uuid)
    }

    private static func idIsFree(_ id: UUID, _ db: Database) throws -> Bool {
        let statement = try db.cachedStatement(sql: "SELECT 1 FROM items WHERE id = ?")
        return try Int.fetchOne(statement, arguments: [id.dbText]) == nil
    }

    /// The highest event seq ever handed out (SQLite keeps it in `sqlite_sequence`).
    private static func reservedSortKey(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'events'") ?? 0
    }

    /// Moves the event sequence past the sort keys just used, so later events (and the items
    /// they move) sort above the imported items.
    private static func reserve(upTo key: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE sqlite_sequence SET seq = ? WHERE name = 'events'", arguments: [key])
        if db.changesCount == 0 {
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('events', ?)", arguments: [key])
        }
    }
}
