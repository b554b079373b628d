import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func importItems(_ entries: [ValidImport], userID: UUID, enrich: Bool) async throws -> [ImportOutcome] {
        let now = self.now
        let followUps = enrich ? self.followUps : .none
        let outcomes = try await pool.write { db in
            try SQLiteImportWriter.save(entries, userID: userID, now: now, followUps: followUps, db)
        }
        searchIndexer.nudge()
        if outcomes.contains(where: { followUps.queuesJobs(for: $0) }) { (jobs as? SQLiteJobQueue)?.signal.notify() }
        return outcomes
    }
}
