import Foundation
import PostgresNIO
import WallCore

/// The statement `PostgresLoneShare` runs, prepared once per connection: a batch's only share
/// stored as a new item on one of its person's own walls in one statement, wall lookup included.
///
/// It writes only when the share is plainly new: its wall is the person's and has no members,
/// no receipt holds its id, and the wall's link index takes the item (`ON CONFLICT DO NOTHING`).
/// Then it inserts the item (its sort key a fresh event number), its `created` event, its
/// receipt and its follow-up jobs, wakes the job runners if it queued any and announces the
/// event; its one row is the wall and the event number. Otherwise it writes nothing and returns
/// no row, and the caller takes the share through the batch path, in the same transaction.
///
/// Run after the events lock in a statement of its own, like `PostgresShareLookupStatement`, so
/// it sees every batch committed before and its event number follows commit order.
struct PostgresLoneShareStatement: PostgresFixedStatement {
    static let sql = Self(
        userID: UUID(), wallRef: nil, shareID: UUID(), fingerprint: "", canonicalURL: nil,
        item: Item(id: UUID(), kind: .text, wallId: UUID(), source: .api, createdAt: Date(), updatedAt: Date()),
        document: "", jobs: [], priority: 0, origin: UUID(), now: Date()
    ).query.sql

    let query: PostgresQuery

    /// `item`: the new item as `ShareRules.newItem` makes it (its wall is the one found here);
    /// `wallRef`: the share's wall (an id or a slug, nil for the default wall); `jobs`: the item's
    /// follow-up jobs (id, kind, payload or nil); `origin`: this replica, named in the notice.
    init(
        userID user: UUID, wallRef: String?, shareID: UUID, fingerprint: String, canonicalURL: String?, item: Item,
        document: String, jobs: [(id: UUID, kind: JobKind, payload: String?)], priority: Int16, origin: UUID, now: Date
    ) {
        let wallID = wallRef.flatMap(UUID.init(text:))
        let slug = wallID == nil ? wallRef?.lowercased() : nil
        // The three ways a share names its wall, each an index probe that runs only when chosen.
        query = """
            WITH w AS MATERIALIZED (
                SELECT id FROM walls WHERE \(wallID)::uuid IS NOT NULL AND id = \(wallID)::uuid AND user_id = \(user)::uuid
                UNION ALL
                SELECT id FROM walls
                WHERE \(wallID)::uuid IS NULL AND \(slug)::text IS NOT NULL AND user_id = \(user)::uuid
                  AND slug = \(slug)::text
                UNION ALL
                SELECT id FROM walls
                WHERE \(wallID)::uuid IS NULL AND \(slug)::text IS NULL AND user_id = \(user)::uuid AND is_default
            ), ok AS MATERIALIZED (
                SELECT w.id AS wall_id FROM w
                WHERE NOT EXISTS (SELECT 1 FROM wall_members m WHERE m.wall_id = w.id)
                  AND NOT EXISTS (
                      SELECT 1 FROM share_receipts r WHERE r.user_id = \(user)::uuid AND r.share_id = \(shareID)::uuid
                  )
                LIMIT 1
            ), i AS (
                INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                   state, shared_at, created_at, updated_at, sort_key, search)
                SELECT \(item.id)::uuid, \(user)::uuid, ok.wall_id, \(item.kind.rawValue)::text, \(item.url)::text,
                       \(canonicalURL)::text, \(item.title)::text, \(item.text)::text, \(item.userNote)::text,
                       \(item.tags)::text[], \(item.source.rawValue)::text, \(item.state.rawValue)::text,
                       \(item.sharedAt)::timestamptz, \(now)::timestamptz, \(now)::timestamptz, nextval('events_seq'),
                       to_tsvector('dwall_search', \(document)::text)
                FROM ok
                ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
                RETURNING id, wall_id, sort_key
            ), e AS (
                INSERT INTO events (seq, user_id, kind, item_id, created_at)
                SELECT sort_key, \(user)::uuid, \(ItemEvent.Kind.created.rawValue)::text, id, \(now)::timestamptz FROM i
            ), r AS (
                INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                SELECT \(user)::uuid, \(shareID)::uuid, id, \(fingerprint)::text, false, \(now)::timestamptz
                FROM i
            ), j AS (
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                SELECT f.id, f.kind, i.id, \(user)::uuid, NULLIF(f.payload, ''), \(priority)::smallint, 'queued', 0,
                       \(now)::timestamptz, \(now)::timestamptz, \(now)::timestamptz
                FROM i, unnest(\(jobs.map(\.id))::uuid[], \(jobs.map(\.kind.rawValue))::text[],
                               \(jobs.map { $0.payload ?? "" })::text[]) AS f (id, kind, payload)
                RETURNING id
            )
            SELECT i.wall_id, i.sort_key,
                   (SELECT count(*) FROM (SELECT pg_notify(\(PostgresJobQueue.channel), '') FROM j LIMIT 1) AS wake) AS woke,
                   -- PostgresEventNotice's payload: `origin maxSeq user`.
                   (SELECT count(*) FROM (
                       SELECT pg_notify(\(PostgresEventNotice.channel), \(origin.lowercasedText)::text || ' ' || i.sort_key
                                        || ' ' || \(user.lowercasedText)::text)
                   ) AS announce) AS announced
            FROM i
            """
    }
}
