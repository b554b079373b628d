import Crypto
import Foundation
import PostgresNIO
import WallCore

/// The one statement that finds what a batch of shares needs (`PostgresShareLookup`), run as a
/// prepared statement. Rows of five parts, told apart by `part`:
/// 0. a share's wall (`n`, its 1-based place in the batch): its owner, the sharer's role on it
///    when they are a member, and their user name when it is not their wall;
/// 1. a fresh event number (`seq`): one per share and per member of its wall;
/// 2. a stored receipt of one of the share ids, with its item if it still exists, that item's
///    owner and whether the sharer is a member of its wall (for `VisibleItems`);
/// 3. an item already holding one of the links on its share's wall;
/// 4. a member (`member_id`) of one of the walls found.
///
/// It only reads: who may post where is `WallAccess`'s to decide, on these rows. Run after the
/// events lock in a statement of its own, so it sees every batch committed before and its event
/// numbers follow commit order.
struct PostgresShareLookupStatement: PostgresFixedStatement {
    /// Its name on the connection, fixed (PostgresNIO's default reflects the type on every call).
    static let name = "dwall_share_lookup"
    static let sql = Self(jobs: []).query.sql

    /// The nil UUID, standing for "none" in a `uuid[]` (PostgresNIO binds no NULL elements): the
    /// wall id of a reference that is not an id (it matches no wall), the adder of an owner's item.
    static let noID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    let query: PostgresQuery

    init(jobs: [PostgresQueuedShare]) {
        var users: [UUID] = []
        var kinds: [Int] = []
        var refs: [String] = []
        var wallIDs: [UUID] = []
        var shareIDs: [UUID] = []
        var hashes: [String] = []
        for job in jobs {
            let ref = PostgresWallRef(job.share.wall)
            users.append(job.userID)
            shareIDs.append(job.share.shareID)
            hashes.append(job.share.canonicalURL.map { Insecure.MD5.hash(data: Data($0.utf8)).lowercaseHex } ?? "")
            kinds.append(ref.kind)
            refs.append(ref.text)
            wallIDs.append(ref.kind == 1 ? UUID(text: ref.text) ?? Self.noID : Self.noID)
        }
        // A wall by id is probed by its primary key (it may be someone else's, shared with the
        // sharer); the default wall and a slug by the person's own walls. `LEFT JOIN items i ON
        // false` gives the parts without an item its columns, all NULL. One probe of the unique
        // (wall_id, md5(canonical_url)) index per link, and of the primary key per receipt's item;
        // `OFFSET 0` keeps the planner from turning the probes into a scan (see
        // PostgresImportLookup); members are probed by scalar subqueries, as an `EXISTS` may be
        // planned as one pass over every member of every wall. Planned as `PostgresWritePlans` says.
        query = """
            WITH q AS MATERIALIZED (
                SELECT q.n, q.user_id, q.share_id, q.hash, w.id AS wall_id, w.user_id AS owner_id, m.role
                FROM unnest(\(users)::uuid[], \(kinds)::int[], \(refs)::text[], \(wallIDs)::uuid[],
                            \(shareIDs)::uuid[], \(hashes)::text[])
                     WITH ORDINALITY AS q (user_id, kind, ref, wall_ref, share_id, hash, n)
                LEFT JOIN LATERAL (
                    SELECT id, user_id FROM walls WHERE id = q.wall_ref
                    UNION ALL
                    SELECT id, user_id FROM walls
                    WHERE user_id = q.user_id AND CASE q.kind WHEN 0 THEN is_default WHEN 2 THEN slug = q.ref ELSE false END
                    OFFSET 0
                ) AS w ON true
                LEFT JOIN wall_members m ON m.wall_id = w.id AND m.user_id = q.user_id
            )
            SELECT 0 AS part, q.n, q.wall_id, q.owner_id, q.role,
                   CASE WHEN q.owner_id <> q.user_id THEN (SELECT username FROM users u WHERE u.id = q.user_id) END
                       AS actor_name,
                   NULL::bigint AS seq, NULL::uuid AS receipt_user_id, NULL::uuid AS share_id, NULL::text AS fingerprint,
                   NULL::boolean AS duplicate, NULL::text AS canonical_url, NULL::boolean AS reader_is_member,
                   NULL::uuid AS member_id, \(unescaped: PostgresRows.itemColumns("i"))
            FROM q LEFT JOIN items i ON false
            WHERE q.wall_id IS NOT NULL
            UNION ALL
            SELECT 1, 0, NULL, NULL, NULL, NULL, nextval('events_seq'), NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   \(unescaped: PostgresRows.itemColumns("i"))
            FROM (SELECT q.n FROM q UNION ALL SELECT q.n FROM q JOIN wall_members c ON c.wall_id = q.wall_id) AS s
            LEFT JOIN items i ON false
            UNION ALL
            SELECT 2, 0, NULL, i.user_id, NULL, NULL, NULL, r.user_id, r.share_id, r.fingerprint, r.duplicate, NULL,
                   coalesce((SELECT true FROM wall_members m WHERE m.wall_id = i.wall_id AND m.user_id = r.user_id LIMIT 1),
                            false),
                   NULL, \(unescaped: PostgresRows.itemColumns("i"))
            FROM q JOIN share_receipts r ON r.user_id = q.user_id AND r.share_id = q.share_id
            LEFT JOIN LATERAL (SELECT * FROM items x WHERE x.id = r.item_id OFFSET 0) AS i ON true
            UNION ALL
            SELECT 3, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, d.canonical_url, NULL, NULL,
                   \(unescaped: PostgresRows.itemColumns("d"))
            FROM q CROSS JOIN LATERAL (
                SELECT * FROM items WHERE wall_id = q.wall_id AND md5(canonical_url) = q.hash OFFSET 0
            ) AS d
            WHERE q.wall_id IS NOT NULL AND q.hash <> ''
            UNION ALL
            SELECT 4, 0, w.wall_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, m.user_id,
                   \(unescaped: PostgresRows.itemColumns("i"))
            FROM (SELECT DISTINCT wall_id FROM q WHERE wall_id IS NOT NULL) AS w
            JOIN wall_members m ON m.wall_id = w.wall_id LEFT JOIN items i ON false
            """
    }
}
