import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func importItems(_ entries: [ValidImport], userID: UUID, enrich: Bool) async throws -> [ImportOutcome] {
        let now = self.now
        let outcomes = try await pool.write { db in try SQLiteImportWriter.save(entries, userID: userID, now: now, db) }
        searchIndexer.nudge()
        return outcomes
    }
}
