import Foundation
import GRDB
import Logging

/// Keeps the full-text index up to date in bulk rather than per share.
///
/// New and edited items are queued in `fts_pending` by triggers (in the share's own transaction,
/// so nothing is lost); this indexes the queue in chunks a little later, where indexing a
/// thousand documents at once costs about a third as much per document as fifty at a time. A
/// search first indexes whatever is queued (`flushAll`), so it always finds what was saved.
struct SQLiteSearchIndexer: Sendable {
    /// Most queued items indexed in one transaction, so the writer is never held for long.
    static let chunk = 1_000

    private let pool: DatabasePool
    private let timer: CoalescingTimer

    init(pool: DatabasePool, logger: Logger) {
        self.pool = pool
        timer = CoalescingTimer(label: "dwall.store.search-index", interval: .milliseconds(100)) { [pool] in
            do {
                while try pool.write({ db in try Self.indexQueued(limit: Self.chunk, db) }) == Self.chunk {}
            } catch {
                logger.warning("Search indexing failed; will retry", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Asks for the queue to be indexed soon; returns at once.
    func nudge() { timer.nudge() }

    /// Indexes everything queued, before a search.
    func flushAll() async throws {
        try await pool.write { db in
            while try Self.indexQueued(limit: Self.chunk, db) == Self.chunk {}
        }
    }

    /// Indexes up to `limit` queued items in the open transaction; returns how many.
    static func indexQueued(limit: Int, _ db: Database) throws -> Int {
        let pks = try Int64.fetchAll(db, sql: "SELECT pk FROM fts_pending ORDER BY pk LIMIT ?", arguments: [limit])
        guard let first = pks.first, let last = pks.last else { return 0 }
        try db.execute(
            sql: """
                INSERT INTO items_fts(rowid, title, note, text, url, tags, preview_search)
                SELECT i.pk, i.title, i.note, i.text, i.url, i.tags, i.preview_search
                FROM fts_pending p JOIN items i ON i.pk = p.pk
                WHERE p.pk BETWEEN ? AND ?;
                DELETE FROM fts_pending WHERE pk BETWEEN ? AND ?;
                """,
            arguments: [first, last, first, last]
        )
        return pks.count
    }
}
