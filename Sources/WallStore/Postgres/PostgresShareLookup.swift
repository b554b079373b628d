import Crypto
import Foundation
import Logging
import PostgresNIO
import WallCore

/// Finds, for a whole batch of shares at once and inside its transaction (after the events
/// lock), what the plan needs: each share's wall, sequence numbers for its events, the receipts
/// of its share ids and the items holding its links. Two queries, whatever the batch's size.
struct PostgresShareLookup {
    let connection: PostgresConnection
    let logger: Logger

    /// Each job's wall id among its person's own walls (`nil`: none such), which of those walls
    /// are shared with others (their events go to members too), and `count` fresh event numbers,
    /// lowest first. Called while holding the events lock, so the numbers follow commit order.
    func wallsAndSequence(
        for jobs: [PostgresQueuedShare], count: Int
    ) async throws -> (walls: [UUID?], shared: Set<UUID>, seqs: [Int64]) {
        var users: [UUID] = []
        var kinds: [Int] = []
        var refs: [String] = []
        for job in jobs {
            let ref = job.share.wall
            users.append(job.userID)
            if let ref, let id = UUID(text: ref) {
                kinds.append(1)
                refs.append(id.lowercasedText)
            } else if let ref {
                kinds.append(ref.isStorableInPostgres ? 2 : 3)
                refs.append(ref.isStorableInPostgres ? ref.lowercased() : "")
            } else {
                kinds.append(0)
                refs.append("")
            }
        }
        let rows = try await connection.query("""
            SELECT q.n, w.id, EXISTS (SELECT 1 FROM wall_members m WHERE m.wall_id = w.id), NULL::bigint
            FROM unnest(\(users)::uuid[], \(kinds)::int[], \(refs)::text[]) WITH ORDINALITY AS q (user_id, kind, ref, n)
            JOIN walls w ON w.user_id = q.user_id AND CASE q.kind
                WHEN 0 THEN w.is_default WHEN 1 THEN w.id = q.ref::uuid WHEN 2 THEN w.slug = q.ref ELSE false END
            UNION ALL
            SELECT 0, NULL::uuid, false, nextval('events_seq') FROM generate_series(1, \(count))
            """, logger: logger)
        var walls = [UUID?](repeating: nil, count: jobs.count)
        var shared = Set<UUID>()
        var seqs: [Int64] = []
        seqs.reserveCapacity(count)
        for try await (n, wall, hasMembers, seq) in rows.decode((Int64, UUID?, Bool, Int64?).self) {
            if let seq {
                seqs.append(seq)
            } else if let wall, n >= 1, n <= jobs.count {
                walls[Int(n) - 1] = wall
                if hasMembers { shared.insert(wall) }
            }
        }
        return (walls, shared, seqs.sorted())
    }

    /// The receipts of the jobs' share ids (with their items, if they still exist) and the items
    /// already holding their links on their walls.
    func known(for jobs: [PostgresQueuedShare], walls: [UUID?]) async throws -> SharePlan.Known {
        let users = jobs.map(\.userID)
        let shareIDs = jobs.map(\.share.shareID)
        var linkWalls: [UUID] = []
        var hashes: [String] = []
        var wanted = Set<WallLinkKey>()
        for (job, wall) in zip(jobs, walls) {
            guard let wall, let link = job.share.canonicalURL else { continue }
            linkWalls.append(wall)
            hashes.append(Insecure.MD5.hash(data: Data(link.utf8)).lowercaseHex)
            wanted.insert(WallLinkKey(wallID: wall, canonicalURL: link))
        }
        // One probe of the unique (wall_id, md5(canonical_url)) index per link; `OFFSET 0` keeps
        // the planner from turning the probes into a scan (see PostgresImportLookup).
        let rows = try await connection.query("""
            SELECT r.user_id AS receipt_user_id, r.share_id, r.fingerprint, r.duplicate, NULL::text AS canonical_url,
                   \(unescaped: PostgresRows.itemColumns("i"))
            FROM unnest(\(users)::uuid[], \(shareIDs)::uuid[]) AS k (user_id, share_id)
            JOIN share_receipts r ON r.user_id = k.user_id AND r.share_id = k.share_id
            LEFT JOIN items i ON i.id = r.item_id AND i.user_id = r.user_id
            UNION ALL
            SELECT NULL::uuid, NULL::uuid, NULL::text, NULL::boolean, d.canonical_url, \(unescaped: PostgresRows.itemColumns("d"))
            FROM unnest(\(linkWalls)::uuid[], \(hashes)::text[]) AS l (wall_id, hash)
            CROSS JOIN LATERAL (
                SELECT * FROM items WHERE wall_id = l.wall_id AND md5(canonical_url) = l.hash OFFSET 0
            ) AS d
            """, logger: logger)
        var known = SharePlan.Known()
        for try await row in rows {
            let cells = row.makeRandomAccess()
            if let userID = try cells["receipt_user_id"].decode(UUID?.self) {
                let key = ShareKey(userID: userID, shareID: try cells["share_id"].decode(UUID.self))
                known.receipts[key] = KnownReceipt(
                    fingerprint: try cells["fingerprint"].decode(String.self),
                    duplicate: try cells["duplicate"].decode(Bool.self),
                    item: try PostgresRows.hasItem(cells) ? try PostgresRows.item(cells).item : nil
                )
            } else {
                let item = try PostgresRows.item(cells).item
                let key = WallLinkKey(wallID: item.wallId, canonicalURL: try cells["canonical_url"].decode(String.self))
                if wanted.contains(key) { known.links[key] = item }
            }
        }
        return known
    }
}
