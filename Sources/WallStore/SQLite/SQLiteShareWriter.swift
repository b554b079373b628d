import Foundation
import GRDB
import WallCore

/// Stores batches of writes for the group-commit queue (`SQLiteWriteQueue`): shares and the job
/// queue's small writes, one transaction per batch, one savepoint per write, so one refused write
/// never takes the others down with it.
struct SQLiteShareWriter: Sendable {
    let pool: DatabasePool
    let feed: EventFeed
    let clock: @Sendable () -> Date
    let checkpointer: SQLiteCheckpointer
    let searchIndexer: SQLiteSearchIndexer
    let followUps: FollowUpPolicy
    let jobSignal: WakeSignal

    func save(_ writes: [SQLiteWrite]) throws -> [Result<SQLiteWriteResult, any Error>] {
        defer {
            checkpointer.nudge()
            searchIndexer.nudge()
        }
        let results = try pool.write { db in
            let now = clock().roundedToMillis
            var events = EventBatch()
            let results = writes.map { write in
                Result<SQLiteWriteResult, any Error> {
                    var writeEvents = EventBatch()
                    let result = try Savepoint.run(db) { () throws -> SQLiteWriteResult in
                        switch write {
                        case .share(let job):
                            .share(try Self.save(job.share, userID: job.userID, now: now, followUps: followUps, db, &writeEvents))
                        case .change(let body):
                            .change(try body(db, &writeEvents))
                        }
                    }
                    events.entries += writeEvents.entries
                    return result
                }
            }
            events.announce(to: feed, after: db)
            return results
        }
        let shares = results.compactMap { result -> Result<ShareOutcome, any Error>? in
            guard case .success(.share(let outcome)) = result else { return nil }
            return .success(outcome)
        }
        if followUps.enqueuedAny(for: shares) { jobSignal.notify() }
        return results
    }

    /// One share: a replay of a known id, a known link moved to the top, or a new item.
    static func save(
        _ share: ValidShare, userID: UUID, now: Date, followUps: FollowUpPolicy = .none, _ db: Database,
        _ events: inout EventBatch
    ) throws -> ShareOutcome {
        if let replay = try ShareReceiptSQL.replay(of: share, userID: userID, db) { return replay }
        let access = try WallAccessSQL.require(share.wall, actor: userID, db)
        try access.requirePost()
        let owner = access.ownerID
        let wallID = access.wallID

        if let link = share.canonicalURL, let existing = try ItemSQL.fetch(wallID: wallID, canonicalURL: link, db) {
            let member = try access.addedBy.flatMap { try UserSQL.username(id: $0, db) }
            let item = ShareRules.merged(existing, with: share, now: now, by: member)
            let seq = try EventSQL.record(.updated, item: item, userID: owner, at: now, db, in: &events)
            try ItemSQL.update(item, sortKey: seq, db)
            if item.tags != existing.tags { try ItemSQL.replaceTags(item.tags, itemID: item.id, userID: owner, db) }
            try ShareReceiptSQL.insert(share, itemID: item.id, duplicate: true, userID: userID, at: now, db)
            if ShareRules.rereadsSnapshot(share, into: existing) {
                try SQLiteJobSQL.insertFollowUps(
                    [.enrich], priority: followUps.priority(for: share.source), item: item, userID: owner, now: now, db,
                    payload: { _ in share.enrichPayload }
                )
            }
            return ShareOutcome(kind: .duplicate, item: item)
        }

        var item = ShareRules.newItem(share, wallID: wallID, now: now, followUps: followUps)
        item.addedBy = try access.addedBy.flatMap { try UserSQL.username(id: $0, db) }
        let seq = try EventSQL.record(.created, item: item, userID: owner, at: now, db, in: &events)
        try ItemSQL.insert(item, canonicalURL: share.canonicalURL, sortKey: seq, userID: owner, addedBy: access.addedBy, db)
        try ShareReceiptSQL.insert(share, itemID: item.id, duplicate: false, userID: userID, at: now, db)
        try SQLiteJobSQL.insertFollowUps(
            followUps.jobs(for: share), priority: followUps.priority(for: share.source), item: item, userID: owner, now: now, db,
            payload: { followUps.payload(for: $0, of: share) }
        )
        return ShareOutcome(kind: .created, item: item)
    }
}

/// One savepoint per share, with statements prepared once (GRDB's `inSavepoint` prepares its
/// SQL on every call, which showed up in the write path's profile).
enum Savepoint {
    static func run<Value>(_ db: Database, _ body: () throws -> Value) throws -> Value {
        try db.cachedStatement(sql: "SAVEPOINT share").execute()
        do {
            let value = try body()
            try db.cachedStatement(sql: "RELEASE share").execute()
            return value
        } catch {
            try db.cachedStatement(sql: "ROLLBACK TO share").execute()
            try db.cachedStatement(sql: "RELEASE share").execute()
            throw error
        }
    }
}

/// Share receipts: which item each share id went to, so a repeated id gets the same answer.
enum ShareReceiptSQL {
    /// The earlier answer for this share id; throws when the id was used for other content or
    /// its item has been deleted since.
    static func replay(of share: ValidShare, userID: UUID, _ db: Database) throws -> ShareOutcome? {
        let statement = try db.cachedStatement(
            sql: "SELECT item_id, fingerprint, duplicate FROM share_receipts WHERE user_id = ? AND share_id = ?"
        )
        guard let row = try Row.fetchOne(statement, arguments: [userID.dbText, share.shareID.dbText]) else {
            return nil
        }
        let itemID = try SQLiteRows.uuid(row["item_id"])
        let receipt = KnownReceipt(
            fingerprint: row["fingerprint"], duplicate: row["duplicate"], item: try ItemSQL.fetch(id: itemID, userID: userID, db)
        )
        return try ShareRules.replay(of: share, receipt: receipt)
    }

    static func insert(
        _ share: ValidShare, itemID: UUID, duplicate: Bool, userID: UUID, at date: Date, _ db: Database
    ) throws {
        try insert(
            shareID: share.shareID, fingerprint: share.fingerprint, itemID: itemID, duplicate: duplicate,
            userID: userID, at: date, db
        )
    }

    static func insert(
        shareID: UUID, fingerprint: String, itemID: UUID, duplicate: Bool, userID: UUID, at date: Date,
        _ db: Database
    ) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            userID.dbText, shareID.dbText, itemID.dbText, fingerprint, duplicate, date.millisSince1970,
        ])
    }
}
