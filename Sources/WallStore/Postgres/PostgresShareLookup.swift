import Foundation
import Logging
import PostgresNIO
import WallCore

/// Finds, for a whole batch of shares at once and inside its transaction (after the events
/// lock), what the plan needs: each sharer's standing on their share's wall, sequence numbers
/// for its events, the receipts of its share ids, the items holding its links and the walls'
/// members. One prepared statement (`PostgresShareLookupStatement`), whatever the batch's size.
struct PostgresShareLookup: Sendable {
    /// Each job's standing on its wall (`nil`: no wall the person can see has that reference).
    var access: [WallAccess?]
    /// The user name of each job's sharer when the wall is someone else's (`nil` otherwise).
    var adderNames: [String?]
    /// Fresh event numbers, lowest first, enough for every event the batch can write (one per
    /// share and per member of its wall); drawn under the events lock, so they follow commit order.
    var seqs: [Int64]
    /// The receipts of the jobs' share ids, the items already holding their links and the
    /// walls' members.
    var known: SharePlan.Known

    /// Runs the lookup for `jobs` on `connection`, which holds the events lock (or has it queued
    /// ahead of this statement).
    static func run(
        for jobs: [PostgresQueuedShare], _ connection: PostgresConnection, logger: Logger
    ) async throws -> PostgresShareLookup {
        let rows = try await connection.run(PostgresShareLookupStatement(jobs: jobs), logger: logger)
        var result = PostgresShareLookup(
            access: Array(repeating: nil, count: jobs.count), adderNames: Array(repeating: nil, count: jobs.count),
            seqs: [], known: SharePlan.Known()
        )
        var links: [WallLinkKey: Item] = [:]
        for try await row in rows {
            let cells = row.makeRandomAccess()
            switch try cells["part"].decode(Int32.self) {
            case 0:
                let n = try cells["n"].decode(Int64.self)
                guard n >= 1, n <= jobs.count else { continue }
                let index = Int(n) - 1
                result.access[index] = WallAccess.standing(
                    wallID: try cells["wall_id"].decode(UUID.self), ownerID: try cells["owner_id"].decode(UUID.self),
                    actor: jobs[index].userID, memberRole: try role(cells["role"].decode(String?.self))
                )
                result.adderNames[index] = try cells["actor_name"].decode(String?.self)
            case 1:
                result.seqs.append(try cells["seq"].decode(Int64.self))
            case 2:
                let reader = try cells["receipt_user_id"].decode(UUID.self)
                let key = ShareKey(userID: reader, shareID: try cells["share_id"].decode(UUID.self))
                result.known.receipts[key] = KnownReceipt(
                    fingerprint: try cells["fingerprint"].decode(String.self),
                    duplicate: try cells["duplicate"].decode(Bool.self),
                    item: try PostgresRows.hasItem(cells) ? VisibleItems.item(try PostgresRows.storedItem(cells), seenBy: reader) : nil
                )
            case 3:
                let item = try PostgresRows.item(cells).item
                links[WallLinkKey(wallID: item.wallId, canonicalURL: try cells["canonical_url"].decode(String.self))] = item
            default:
                result.known.members[try cells["wall_id"].decode(UUID.self), default: []].append(
                    try cells["member_id"].decode(UUID.self)
                )
            }
        }
        result.seqs.sort()
        // Only the links the shares name on their walls (an md5 may match another link).
        for (job, access) in zip(jobs, result.access) {
            guard let access, let link = job.share.canonicalURL else { continue }
            let key = WallLinkKey(wallID: access.wallID, canonicalURL: link)
            if let item = links[key] { result.known.links[key] = item }
        }
        return result
    }

    /// The plan's entries for `jobs`, with what this lookup found; `files` gives a file share's
    /// parts their files, by place.
    func entries(for jobs: [PostgresQueuedShare], files: [ItemFile?]? = nil) -> [SharePlan.Entry] {
        jobs.indices.map { index in
            SharePlan.Entry(
                share: jobs[index].share, userID: jobs[index].userID, access: access[index],
                adderName: adderNames[index], file: files?[index]
            )
        }
    }

    private static func role(_ raw: String?) throws -> WallRole? {
        try raw.map { raw in
            guard let role = WallRole(rawValue: raw) else { throw CorruptRow(detail: "unknown wall role \(raw)") }
            return role
        }
    }
}
