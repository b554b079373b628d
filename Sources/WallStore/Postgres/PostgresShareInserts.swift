import Foundation
import Logging
import PostgresNIO
import WallCore

/// Writes what a `SharePlan` decided in one prepared statement (`PostgresShareInsertsStatement`):
/// the new items (`ON CONFLICT DO NOTHING` on the link index), the stored items shares were
/// merged into, the events, the receipts and the follow-up jobs, each an `unnest` of arrays, and
/// the NOTIFYs that wake the job runners and announce the events. Rows that belong to a new
/// item whose insert the link index refused are left out, so the caller can plan those shares
/// again.
struct PostgresShareInserts {
    let connection: PostgresConnection
    let logger: Logger

    /// Writes the plan with `seqs[i]` as the number of its `i`th event; `documents` holds the
    /// search text of new items whose share made it (others are made here); `notice` announces
    /// the plan's events when the transaction commits (nil: announced by the caller). Returns the
    /// ids of the new items whose insert was refused (nothing of them was written).
    func write(
        _ plan: SharePlan, seqs: [Int64], documents: [UUID: String], notice: PostgresEventNotice?, now: Date
    ) async throws -> Set<UUID> {
        let statement = PostgresShareInsertsStatement(
            plan: plan, seqs: seqs, documents: documents, json: try PostgresShareInsertsStatement.columnsJSON(plan),
            notice: notice?.payload ?? "", now: now
        )
        var refused = Set(plan.created)
        for try await row in try await connection.run(statement, logger: logger) {
            if let id = try row.decode(UUID?.self) { refused.remove(id) }
        }
        return refused
    }
}
