import Foundation
import Logging
import PostgresNIO
import WallCore

/// Finds, for a whole batch of shares at once and inside its transaction (after the events
/// lock), what the plan needs: each share's wall, sequence numbers for its events, the receipts
/// of its share ids and the items holding its links. One prepared statement
/// (`PostgresShareLookupStatement`), whatever the batch's size.
struct PostgresShareLookup: Sendable {
    /// Each job's wall id among its person's own walls (`nil`: none such).
    var walls: [UUID?]
    /// Which of those walls are shared with others (their events go to members too).
    var shared: Set<UUID>
    /// One fresh event number per job, lowest first; drawn under the events lock, so the
    /// numbers follow commit order.
    var seqs: [Int64]
    /// The receipts of the jobs' share ids and the items already holding their links.
    var known: SharePlan.Known

    /// Runs the lookup for `jobs` on `connection`, which holds the events lock (or has it queued
    /// ahead of this statement).
    static func run(
        for jobs: [PostgresQueuedShare], _ connection: PostgresConnection, logger: Logger
    ) async throws -> PostgresShareLookup {
        let rows = try await connection.run(PostgresShareLookupStatement(jobs: jobs), logger: logger)
        var result = PostgresShareLookup(
            walls: Array(repeating: nil, count: jobs.count), shared: [], seqs: [], known: SharePlan.Known()
        )
        var links: [WallLinkKey: Item] = [:]
        for try await row in rows {
            let cells = row.makeRandomAccess()
            switch try cells["part"].decode(Int32.self) {
            case 0:
                let n = try cells["n"].decode(Int64.self)
                guard let wall = try cells["wall_id"].decode(UUID?.self), n >= 1, n <= jobs.count else { continue }
                result.walls[Int(n) - 1] = wall
                if try cells["shared"].decode(Bool.self) { result.shared.insert(wall) }
            case 1:
                result.seqs.append(try cells["seq"].decode(Int64.self))
            case 2:
                let key = ShareKey(
                    userID: try cells["receipt_user_id"].decode(UUID.self), shareID: try cells["share_id"].decode(UUID.self)
                )
                result.known.receipts[key] = KnownReceipt(
                    fingerprint: try cells["fingerprint"].decode(String.self),
                    duplicate: try cells["duplicate"].decode(Bool.self),
                    item: try PostgresRows.hasItem(cells) ? try PostgresRows.item(cells).item : nil
                )
            default:
                let item = try PostgresRows.item(cells).item
                links[WallLinkKey(wallID: item.wallId, canonicalURL: try cells["canonical_url"].decode(String.self))] = item
            }
        }
        result.seqs.sort()
        // Only the links the shares name on their own walls (an md5 may match another link).
        for (job, wall) in zip(jobs, result.walls) {
            guard let wall, let link = job.share.canonicalURL else { continue }
            let key = WallLinkKey(wallID: wall, canonicalURL: link)
            if let item = links[key] { result.known.links[key] = item }
        }
        return result
    }

    /// What is known about `jobs` alone (a part of the batch planned together).
    func known(for jobs: [PostgresQueuedShare], walls: [UUID?]) -> SharePlan.Known {
        var known = SharePlan.Known()
        for (job, wall) in zip(jobs, walls) {
            let key = ShareKey(userID: job.userID, shareID: job.share.shareID)
            if let receipt = self.known.receipts[key] { known.receipts[key] = receipt }
            if let wall, let link = job.share.canonicalURL {
                let linkKey = WallLinkKey(wallID: wall, canonicalURL: link)
                if let item = self.known.links[linkKey] { known.links[linkKey] = item }
            }
        }
        return known
    }
}
