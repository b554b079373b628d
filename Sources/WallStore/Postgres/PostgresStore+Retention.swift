import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    // MARK: Retention

    public func eventHorizon() async throws -> Int64 {
        try await ready.wait()
        let rows = try await client.query("SELECT min(seq) FROM events", logger: logger)
        return RetentionRule.horizon(oldestKept: try await rows.first()?.decode(Int64?.self))
    }

    public func prune(_ policy: RetentionPolicy, now: Date) async throws -> PruneReport {
        try await ready.wait()
        var report = PruneReport()
        let cutoffs = RetentionRule.cutoffs(policy, now: now)
        let seqRows = try await client.query("""
            SELECT (SELECT min(seq) FROM events WHERE created_at >= \(cutoffs.events)), (SELECT max(seq) FROM events)
            """, logger: logger)
        let seqs = try await seqRows.first()?.decode((Int64?, Int64?).self)
        if let keepFrom = RetentionRule.firstKeptEvent(oldestInsideHorizon: seqs?.0, newest: seqs?.1) {
            report.events = try await deleteInBatches { limit in
                "DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE seq < \(keepFrom) ORDER BY seq LIMIT \(limit)) RETURNING 1"
            }
        }
        report.deadJobs = try await deleteInBatches { limit in
            "DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE state = 'dead' AND updated_at < \(cutoffs.deadJobs) LIMIT \(limit)) RETURNING 1"
        }
        report.receipts = try await deleteInBatches { limit in
            """
            DELETE FROM share_receipts WHERE (user_id, share_id) IN
                (SELECT user_id, share_id FROM share_receipts WHERE created_at < \(cutoffs.receipts) LIMIT \(limit)) RETURNING 1
            """
        }
        report.sessions = try await deleteExpiredSessions(before: now)
        return report
    }

    /// Runs the `DELETE … LIMIT` `query` makes until it deletes fewer than a batch; each is its
    /// own transaction. Returns how many rows went.
    private func deleteInBatches(_ query: (Int) -> PostgresQuery) async throws -> Int {
        var total = 0
        while true {
            let deleted = try await client.query(query(Limits.pruneBatch), logger: logger).all().count
            total += deleted
            if deleted < Limits.pruneBatch { return total }
        }
    }
}
