import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    // MARK: Retention

    public func eventHorizon() async throws -> Int64 {
        try await pool.read { db in try Self.eventHorizon(db) }
    }

    /// The event horizon (`RetentionRule.horizon`) from the oldest kept event.
    static func eventHorizon(_ db: Database) throws -> Int64 {
        RetentionRule.horizon(oldestKept: try Int64.fetchOne(db, sql: "SELECT min(seq) FROM events"))
    }

    public func prune(_ policy: RetentionPolicy, now: Date) async throws -> PruneReport {
        var report = PruneReport()
        let cutoffs = RetentionRule.cutoffs(policy, now: now)
        let keepFrom = try await pool.read { db in
            RetentionRule.firstKeptEvent(
                oldestInsideHorizon: try Int64.fetchOne(
                    db, sql: "SELECT min(seq) FROM events WHERE created_at >= ?", arguments: [cutoffs.events.millisSince1970]
                ),
                newest: try Int64.fetchOne(db, sql: "SELECT max(seq) FROM events")
            )
        }
        if let keepFrom {
            report.events = try await deleteInBatches(
                "DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE seq < ? ORDER BY seq LIMIT ?)", keepFrom
            )
        }
        report.deadJobs = try await deleteInBatches(
            "DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE state = 'dead' AND updated_at < ? LIMIT ?)",
            cutoffs.deadJobs.millisSince1970
        )
        report.receipts = try await deleteInBatches(
            """
            DELETE FROM share_receipts WHERE (user_id, share_id) IN
                (SELECT user_id, share_id FROM share_receipts WHERE created_at < ? LIMIT ?)
            """,
            cutoffs.receipts.millisSince1970
        )
        report.sessions = try await deleteExpiredSessions(before: now)
        return report
    }

    /// Runs a `DELETE … LIMIT` with (bound, batch size) until it deletes nothing; one transaction
    /// per batch, so shares ride between them. Returns how many rows went.
    private func deleteInBatches(_ sql: String, _ bound: Int64) async throws -> Int {
        var total = 0
        while true {
            let deleted = try await pool.write { db in
                try db.execute(sql: sql, arguments: [bound, Limits.pruneBatch])
                return db.changesCount
            }
            total += deleted
            if deleted < Limits.pruneBatch { return total }
        }
    }
}
