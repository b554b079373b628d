import Foundation
import Logging
import PostgresNIO
import WallCore

/// A batch's only share, stored in one prepared statement (`PostgresLoneShareStatement`) when
/// it is a new item on one of its person's own walls: the common case at low load, where each
/// share is a batch of its own and the batch path's lookup and write would cost a wait each.
/// Anything else (a replay, a link already on the wall, a shared or unknown wall) writes
/// nothing here and is left to the batch path.
struct PostgresLoneShare {
    let connection: PostgresConnection
    let followUps: FollowUpPolicy
    let origin: UUID
    let logger: Logger

    /// Whether `job` may try this path: its wall reference can name a stored wall.
    static func applies(to job: PostgresQueuedShare) -> Bool {
        job.share.wall.map { UUID(text: $0) != nil || $0.isStorableInPostgres } ?? true
    }

    /// Stores `job` as a new item at `now`, announcing its event when the transaction commits;
    /// returns the item and its event's seq, or nil when nothing was written.
    func create(_ job: PostgresQueuedShare, now: Date) async throws -> (item: Item, seq: Int64)? {
        let share = job.share
        // The wall is found by the statement; the item is made for it as the batch path makes it.
        let rows = PostgresNewItemRows(share, now: now, followUps: followUps)
        let statement = PostgresLoneShareStatement(
            userID: job.userID, wallRef: share.wall, shareID: share.shareID, fingerprint: share.fingerprint,
            canonicalURL: share.canonicalURL, item: rows.item, document: job.document.text, jobs: rows.jobs,
            priority: rows.priority, origin: origin, now: now
        )
        var stored: (wallID: UUID, seq: Int64)?
        for try await row in try await connection.run(statement, logger: logger) {
            let cells = row.makeRandomAccess()
            stored = (try cells["wall_id"].decode(UUID.self), try cells["sort_key"].decode(Int64.self))
        }
        guard let stored else { return nil }
        var item = rows.item
        item.wallId = stored.wallID
        return (item, stored.seq)
    }
}
