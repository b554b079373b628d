import Foundation
import WallCore

extension PostgresStore {
    public func importItems(_ entries: [ValidImport], userID: UUID, enrich: Bool) async throws -> [ImportOutcome] {
        try await ready.wait()
        return try await PostgresImportWriter(client: client, logger: logger).save(entries, userID: userID, now: now)
    }
}
