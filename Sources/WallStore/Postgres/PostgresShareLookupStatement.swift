import Crypto
import Foundation
import PostgresNIO
import WallCore

/// The one statement that finds what a batch of shares needs (`PostgresShareLookup`), run as a
/// prepared statement. Rows of four parts, told apart by `part`:
/// 0. a share's wall (`n`, its 1-based place in the batch) and whether it has members;
/// 1. a fresh event number (`seq`), one row per share;
/// 2. a stored receipt of one of the share ids, with its item if it still exists;
/// 3. an item already holding one of the links on its share's wall.
///
/// Run after the events lock in a statement of its own, so it sees every batch committed before
/// and its event numbers follow commit order.
struct PostgresShareLookupStatement: PostgresFixedStatement {
    /// Its name on the connection, fixed (PostgresNIO's default reflects the type on every call).
    static let name = "dwall_share_lookup"
    static let sql = Self(jobs: []).query.sql

    let query: PostgresQuery

    init(jobs: [PostgresQueuedShare]) {
        var users: [UUID] = []
        var kinds: [Int] = []
        var refs: [String] = []
        var shareIDs: [UUID] = []
        var hashes: [String] = []
        for job in jobs {
            let ref = PostgresWallRef(job.share.wall)
            users.append(job.userID)
            shareIDs.append(job.share.shareID)
            hashes.append(job.share.canonicalURL.map { Insecure.MD5.hash(data: Data($0.utf8)).lowercaseHex } ?? "")
            kinds.append(ref.kind)
            refs.append(ref.text)
        }
        // `LEFT JOIN items i ON false` gives the parts without an item its columns, all NULL.
        // One probe of the unique (wall_id, md5(canonical_url)) index per link, and of the
        // primary key per receipt's item; `OFFSET 0` keeps the planner from turning the probes
        // into a scan (see PostgresImportLookup), or from reading the item by the person's index
        // (all their items) rather than by its id; a wall's members are probed by a scalar
        // subquery, as an `EXISTS` may be planned as one pass over every member of every wall.
        // Planned as `PostgresWritePlans` says.
        query = """
            WITH q AS MATERIALIZED (
                SELECT q.n, q.user_id, q.share_id, q.hash, w.id AS wall_id
                FROM unnest(\(users)::uuid[], \(kinds)::int[], \(refs)::text[], \(shareIDs)::uuid[], \(hashes)::text[])
                     WITH ORDINALITY AS q (user_id, kind, ref, share_id, hash, n)
                LEFT JOIN walls w ON w.user_id = q.user_id AND CASE q.kind
                    WHEN 0 THEN w.is_default WHEN 1 THEN w.id = q.ref::uuid WHEN 2 THEN w.slug = q.ref ELSE false END
            )
            SELECT 0 AS part, q.n, q.wall_id,
                   coalesce((SELECT true FROM wall_members m WHERE m.wall_id = q.wall_id LIMIT 1), false) AS shared,
                   NULL::bigint AS seq, NULL::uuid AS receipt_user_id, NULL::uuid AS share_id, NULL::text AS fingerprint,
                   NULL::boolean AS duplicate, NULL::text AS canonical_url, \(unescaped: PostgresRows.itemColumns("i"))
            FROM q LEFT JOIN items i ON false
            WHERE q.wall_id IS NOT NULL
            UNION ALL
            SELECT 1, 0, NULL, false, nextval('events_seq'), NULL, NULL, NULL, NULL, NULL,
                   \(unescaped: PostgresRows.itemColumns("i"))
            FROM q LEFT JOIN items i ON false
            UNION ALL
            SELECT 2, 0, NULL, false, NULL, r.user_id, r.share_id, r.fingerprint, r.duplicate, NULL,
                   \(unescaped: PostgresRows.itemColumns("i"))
            FROM q JOIN share_receipts r ON r.user_id = q.user_id AND r.share_id = q.share_id
            LEFT JOIN LATERAL (SELECT * FROM items x WHERE x.id = r.item_id OFFSET 0) AS i ON i.user_id = r.user_id
            UNION ALL
            SELECT 3, 0, NULL, false, NULL, NULL, NULL, NULL, NULL, d.canonical_url,
                   \(unescaped: PostgresRows.itemColumns("d"))
            FROM q CROSS JOIN LATERAL (
                SELECT * FROM items WHERE wall_id = q.wall_id AND md5(canonical_url) = q.hash OFFSET 0
            ) AS d
            WHERE q.wall_id IS NOT NULL AND q.hash <> ''
            """
    }
}
