import Foundation
import WallCore

extension PostgresStore {
    public func importItems(_ entries: [ValidImport], userID: UUID, enrich: Bool) async throws -> [ImportOutcome] {
        try await ready.wait()
        let followUps = enrich ? self.followUps : .none
        let writer = PostgresImportWriter(client: client, logger: logger, followUps: followUps)
        let outcomes = try await writer.save(entries, userID: userID, now: now)
        if outcomes.contains(where: { followUps.queuesJobs(for: $0) }) { jobSignal.notify() }
        return outcomes
    }
}
