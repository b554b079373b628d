import Foundation
import Logging
import PostgresNIO
import WallCore

/// Stores a batch of imported entries in one transaction (see `SQLiteImportWriter`): new items
/// keep their dates and take the entry id when it is free; sort keys come from the event
/// sequence, but no events are written, so the events lock is not taken and an import never
/// holds up the shares people make meanwhile.
///
/// The whole batch costs a fixed number of round trips, not a few per entry: the entry ids,
/// links and ids are looked up with `= ANY` / `unnest` (`PostgresImportLookup`), the outcome of
/// each entry is decided in Swift (`ImportPlan`), and the items, receipts and follow-up jobs
/// are written with one `unnest` insert each (`PostgresImportInserts`).
struct PostgresImportWriter: Sendable {
    let client: PostgresClient
    let logger: Logger
    /// The jobs new items get, at `.bulk` priority (`.none` when the import skips enrichment).
    let followUps: FollowUpPolicy

    func save(_ entries: [ValidImport], userID: UUID, now: Date) async throws -> [ImportOutcome] {
        guard !entries.isEmpty else { return [] }
        return try await client.transaction(logger: logger) { connection in
            var walls = WallCache()
            var wallIDs: [UUID?] = []
            wallIDs.reserveCapacity(entries.count)
            for entry in entries {
                wallIDs.append(try await walls.resolve(entry.share.wall, userID: userID, connection, logger: logger))
            }
            let lookup = PostgresImportLookup(userID: userID, connection: connection, logger: logger)
            let known = try await lookup.find(entries, wallIDs: wallIDs)
            var plan = ImportPlan(entries, wallIDs: wallIDs, known: known, followUps: followUps, now: now)
            let inserts = PostgresImportInserts(userID: userID, now: now, connection: connection, logger: logger)
            let refused = try await inserts.items(plan.newItems)
            if !refused.isEmpty {
                // Another transaction stored some of these links since the lookup: point at its items.
                try plan.resolveRefused(refused, existing: try await lookup.existingItems(for: refused, in: plan))
            }
            try await inserts.receipts(plan.receipts)
            let jobs = plan.jobs
            if !jobs.isEmpty {
                try await inserts.jobs(jobs)
                try await PostgresJobQueue.notify(connection, logger: logger)
            }
            return plan.outcomes
        }
    }
}

/// Walls resolved within one batch (most of a batch's shares go to the same few walls).
struct WallCache {
    private var known: [String: UUID] = [:]

    mutating func resolve(
        _ ref: String?, userID: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> UUID? {
        let key = userID.lowercasedText + (ref.map { "=" + $0 } ?? "")
        if let id = known[key] { return id }
        let id = try await PostgresWallSQL.resolve(ref, userID: userID, db, logger: logger)
        if let id { known[key] = id }
        return id
    }
}
