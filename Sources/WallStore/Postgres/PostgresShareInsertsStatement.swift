import Foundation
import PostgresNIO
import WallCore

/// The statement `PostgresShareInserts` runs, prepared once per connection; its rows are the
/// ids of the new items it inserted (and a NULL per NOTIFY it sent).
struct PostgresShareInsertsStatement: PostgresFixedStatement {
    /// Its name on the connection, fixed (PostgresNIO's default reflects the type on every call).
    static let name = "dwall_share_inserts"
    static let sql = Self(
        plan: SharePlan([], known: .init(), followUps: .none, now: Date()), seqs: [], documents: [:],
        json: ([], []), notice: "", now: Date()
    ).query.sql

    let query: PostgresQuery

    /// `json`: the nullable columns of the new and of the merged items (`columnsJSON`); `notice`:
    /// the events notice's payload, or "" for none.
    init(
        plan: SharePlan, seqs: [Int64], documents: [UUID: String], json: (created: [String], merged: [String]),
        notice: String, now: Date
    ) {
        func sortKey(_ id: UUID) -> Int64 { seqs[plan.lastEvent[id] ?? 0] }
        func document(_ item: Item) -> String { documents[item.id] ?? SearchDocument(item: item).text }

        let created = plan.created.compactMap { plan.items[$0] }
        let createdJSON = json.created
        let merged = plan.merged.compactMap { plan.items[$0]?.item }
        let mergedJSON = json.merged
        let events = plan.events
        let receipts = plan.receipts
        let jobs = plan.followUps

        query = """
            WITH i AS (
                INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                   state, shared_at, created_at, updated_at, sort_key, search, file, added_by)
                SELECT c.id, c.user_id, c.wall_id, c.kind, c.n->>'url', c.n->>'canonicalURL', c.n->>'title',
                       c.n->>'text', c.n->>'note', ARRAY(SELECT jsonb_array_elements_text(c.n->'tags')), c.source,
                       c.state, CASE WHEN c.has_shared_at THEN c.shared_at END, c.created_at, c.updated_at,
                       c.sort_key, to_tsvector('dwall_search', c.document), c.n->>'file',
                       NULLIF(c.added_by, \(PostgresShareLookupStatement.noID))
                FROM unnest(\(created.map(\.item.id))::uuid[], \(created.map(\.userID))::uuid[],
                            \(created.map(\.item.wallId))::uuid[], \(created.map(\.item.kind.rawValue))::text[],
                            \(createdJSON)::jsonb[], \(created.map(\.item.source.rawValue))::text[],
                            \(created.map(\.item.state.rawValue))::text[],
                            \(created.map { $0.item.sharedAt != nil })::boolean[],
                            \(created.map { $0.item.sharedAt ?? $0.item.createdAt })::timestamptz[],
                            \(created.map(\.item.createdAt))::timestamptz[], \(created.map(\.item.updatedAt))::timestamptz[],
                            \(created.map { sortKey($0.item.id) })::bigint[], \(created.map { document($0.item) })::text[],
                            \(created.map { plan.adders[$0.item.id] ?? PostgresShareLookupStatement.noID })::uuid[])
                     AS c (id, user_id, wall_id, kind, n, source, state, has_shared_at, shared_at, created_at,
                           updated_at, sort_key, document, added_by)
                ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
                RETURNING id
            ), u AS (
                UPDATE items SET title = m.n->>'title', note = m.n->>'note',
                       tags = ARRAY(SELECT jsonb_array_elements_text(m.n->'tags')), updated_at = m.updated_at,
                       sort_key = m.sort_key, state = m.state,
                       search = to_tsvector('dwall_search', m.document) || coalesce(items.preview_search, ''::tsvector)
                FROM unnest(\(merged.map(\.id))::uuid[], \(mergedJSON)::jsonb[], \(merged.map(\.updatedAt))::timestamptz[],
                            \(merged.map { sortKey($0.id) })::bigint[], \(merged.map { document($0) })::text[],
                            \(merged.map(\.state.rawValue))::text[])
                     AS m (id, n, updated_at, sort_key, document, state)
                WHERE items.id = m.id
            ), e AS (
                INSERT INTO events (seq, user_id, kind, item_id, created_at)
                SELECT v.seq, v.user_id, v.kind, v.item_id, \(now)
                FROM unnest(\(Array(seqs.prefix(events.count)))::bigint[], \(events.map(\.userID))::uuid[],
                            \(events.map(\.kind.rawValue))::text[], \(events.map(\.item.id))::uuid[],
                            \(events.map { plan.isCreated($0.item.id) })::boolean[])
                     AS v (seq, user_id, kind, item_id, needs_insert)
                WHERE NOT v.needs_insert OR v.item_id IN (SELECT id FROM i)
            ), r AS (
                INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                SELECT s.user_id, s.share_id, s.item_id, s.fingerprint, s.duplicate, \(now)
                FROM unnest(\(receipts.map(\.key.userID))::uuid[], \(receipts.map(\.key.shareID))::uuid[],
                            \(receipts.map(\.itemID))::uuid[], \(receipts.map(\.fingerprint))::text[],
                            \(receipts.map(\.duplicate))::boolean[], \(receipts.map { plan.isCreated($0.itemID) })::boolean[])
                     AS s (user_id, share_id, item_id, fingerprint, duplicate, needs_insert)
                WHERE NOT s.needs_insert OR s.item_id IN (SELECT id FROM i)
            ), j AS (
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                SELECT f.id, f.kind, f.item_id, f.user_id, NULLIF(f.payload, ''), f.priority, 'queued', 0, \(now), \(now),
                       \(now)
                FROM unnest(\(jobs.map(\.id))::uuid[], \(jobs.map(\.kind.rawValue))::text[], \(jobs.map(\.itemID))::uuid[],
                            \(jobs.map(\.userID))::uuid[], \(jobs.map(\.priority.rawValue))::int[],
                            \(jobs.map { $0.payload ?? "" })::text[], \(jobs.map { plan.isCreated($0.itemID) })::boolean[])
                     AS f (id, kind, item_id, user_id, priority, payload, needs_insert)
                WHERE NOT f.needs_insert OR f.item_id IN (SELECT id FROM i)
                RETURNING id
            )
            SELECT id FROM i
            UNION ALL
            SELECT NULL FROM (SELECT pg_notify(\(PostgresJobQueue.channel), '') FROM j LIMIT 1) AS wake
            UNION ALL
            SELECT NULL FROM (
                SELECT pg_notify(\(PostgresEventNotice.channel), n.payload) FROM (SELECT \(notice)::text AS payload) AS n
                WHERE n.payload <> ''
            ) AS announce
            """
    }

    /// The nullable columns of the plan's new items and of its merged items, as JSON, in the
    /// order the statement writes them.
    static func columnsJSON(_ plan: SharePlan) throws -> (created: [String], merged: [String]) {
        var created: [String] = []
        for (item, _) in plan.created.compactMap({ plan.items[$0] }) {
            let row = PostgresNullableItemColumns(
                url: item.url, canonicalURL: plan.canonicalURLs[item.id], title: item.title, text: item.text,
                note: item.userNote, tags: item.tags, file: try ItemFileColumn.encode(item.file)
            )
            created.append(row.json)
        }
        var merged: [String] = []
        for item in plan.merged.compactMap({ plan.items[$0]?.item }) {
            merged.append(PostgresNullableItemColumns(title: item.title, note: item.userNote, tags: item.tags).json)
        }
        return (created, merged)
    }
}
