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
        var sortKey = try reservedSortKey(db)
        let firstKey = sortKey
        var walls: [String: UUID] = [:]
        var outcomes: [ImportOutcome] = []
        outcomes.reserveCapacity(entries.count)
        for entry in entries {
            let share = entry.share
            if let itemID = try receiptItem(share.shareID, userID: userID, db) {
                outcomes.append(.duplicate(itemID: itemID, reason: ImportOutcome.importedBefore))
                continue
            }
            let wallKey = share.wall ?? ""
            guard let wallID = try walls[wallKey] ?? WallSQL.resolve(share.wall, userID: userID, db) else {
                outcomes.append(.skipped(reason: "There is no wall \(share.wall ?? "")."))
                continue
            }
            walls[wallKey] = wallID
            if let link = share.canonicalURL, let existing = try ItemSQL.fetch(wallID: wallID, canonicalURL: link, db) {
                try ShareReceiptSQL.insert(share, itemID: existing.id, duplicate: true, userID: userID, at: now, db)
                outcomes.append(.duplicate(itemID: existing.id, reason: ImportOutcome.alreadyOnWall))
                continue
            }
            let createdAt = entry.createdAt ?? now
            let followUpJobs = followUps.jobs(for: share.kind)
            var item = Item(
                id: try idIsFree(share.shareID, db) ? share.shareID : UUID.timeOrdered(at: now), kind: share.kind,
                url: share.url, title: share.title, text: share.text, userNote: share.note, tags: share.tags,
                wallId: wallID, source: share.source, state: followUpJobs.isEmpty ? .ready : .pending, sharedAt: share.sharedAt,
                createdAt: createdAt, updatedAt: entry.updatedAt ?? createdAt
            )
            item.file = entry.file
            sortKey += 1
            try ItemSQL.insert(item, canonicalURL: share.canonicalURL, sortKey: sortKey, userID: userID, db)
            if let file = item.file {
                try db.execute(
                    sql: "UPDATE items SET file = ? WHERE id = ?", arguments: [try ItemFileColumn.encode(file), item.id.dbText]
                )
            }
            try ShareReceiptSQL.insert(share, itemID: item.id, duplicate: false, userID: userID, at: now, db)
            try SQLiteJobSQL.insertFollowUps(followUpJobs, priority: .bulk, item: item, userID: userID, now: now, db)
            outcomes.append(.imported(item))
        }
        if sortKey != firstKey { try reserve(upTo: sortKey, db) }
        return outcomes
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
