import PostgresNIO

extension PostgresMigrations {
    /// A batch's plainly new shares in one round trip (`PostgresNewSharesStatement` calls it):
    /// `dwall_lone_share` (v13) for many shares at once. Called on its own (autocommit), the call
    /// is the whole transaction, so the events lock is held only while PostgreSQL works: the
    /// batch path holds it across two more waits on the replica (the lookup's rows read and the
    /// write planned, the write's rows read and `COMMIT` sent), and those waits, not PostgreSQL,
    /// were most of a batch's time under the lock at 64 connections.
    ///
    /// The shares are given as arrays, one element per share: the person, the wall reference
    /// (`kind` 0: the default wall, 1: `ref` is a wall id, 2: `ref` is a slug), the share id and
    /// fingerprint, and the new item (its nullable columns as one JSON object, as the batch
    /// statement takes them); follow-up jobs as arrays of their own, naming their item by id.
    /// Each share is stored as a new item when its wall is the person's and has no members, no
    /// receipt holds its id, and the wall's link index takes it (`ON CONFLICT DO NOTHING`): the
    /// item (its sort key a fresh event number, in the batch's order), its `created` event, its
    /// receipt and jobs. The caller gives each share id and each link of a wall once. It wakes
    /// the job runners if it queued any and announces the events in one notice
    /// (`PostgresEventNotice`'s payload: `origin maxSeq users`, `*` past 100 people); its rows
    /// are each stored share's place in the arrays (1-based), wall and event number, then a row
    /// of NULLs per notice. Shares it did not store wrote nothing, for the batch path to take.
    ///
    /// It runs after the lock in a query of its own, and a volatile function takes a fresh
    /// snapshot for each query it runs, so it sees every batch committed before and its event
    /// numbers follow commit order. Planned once per connection, by index only
    /// (`PostgresWritePlans`), like the lone share's function.
    static let v15NewSharesFunction = PostgresMigration(name: "v15-new-shares-function", statements: [
        """
        CREATE FUNCTION dwall_new_shares(
            p_users uuid[], p_ref_kinds int[], p_refs text[], p_share_ids uuid[], p_fingerprints text[],
            p_item_ids uuid[], p_kinds text[], p_columns jsonb[], p_sources text[], p_states text[],
            p_has_shared_at boolean[], p_shared_at timestamptz[], p_documents text[],
            p_job_ids uuid[], p_job_kinds text[], p_job_items uuid[], p_job_payloads text[], p_job_priorities smallint[],
            p_now timestamptz, p_origin text
        ) RETURNS TABLE (n bigint, wall_id uuid, sort_key bigint)
        LANGUAGE plpgsql VOLATILE
        SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off
        SET enable_mergejoin = off AS $$
        #variable_conflict use_column
        BEGIN
            PERFORM pg_advisory_xact_lock(\(unescaped: String(PostgresLocks.events)));
            RETURN QUERY
            WITH q AS MATERIALIZED (
                SELECT q.*, w.id AS wall_id
                FROM unnest(p_users, p_ref_kinds, p_refs, p_share_ids, p_fingerprints, p_item_ids, p_kinds, p_columns,
                            p_sources, p_states, p_has_shared_at, p_shared_at, p_documents)
                     WITH ORDINALITY AS q (user_id, ref_kind, ref, share_id, fingerprint, item_id, kind, c, source, state,
                                           has_shared_at, shared_at, document, n)
                CROSS JOIN LATERAL (
                    SELECT id FROM walls
                    WHERE walls.user_id = q.user_id AND CASE q.ref_kind
                        WHEN 0 THEN walls.is_default WHEN 1 THEN walls.id = q.ref::uuid WHEN 2 THEN walls.slug = q.ref
                        ELSE false END
                    LIMIT 1
                ) AS w
            ), ok AS MATERIALIZED (
                SELECT q.* FROM q
                WHERE NOT coalesce((SELECT true FROM wall_members m WHERE m.wall_id = q.wall_id LIMIT 1), false)
                  AND NOT coalesce((
                      SELECT true FROM share_receipts r WHERE r.user_id = q.user_id AND r.share_id = q.share_id LIMIT 1
                  ), false)
            ), i AS (
                INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                   state, shared_at, created_at, updated_at, sort_key, search)
                SELECT o.item_id, o.user_id, o.wall_id, o.kind, o.c->>'url', o.c->>'canonicalURL', o.c->>'title',
                       o.c->>'text', o.c->>'note', ARRAY(SELECT jsonb_array_elements_text(o.c->'tags')), o.source,
                       o.state, CASE WHEN o.has_shared_at THEN o.shared_at END, p_now, p_now, nextval('events_seq'),
                       to_tsvector('dwall_search', o.document)
                FROM (SELECT * FROM ok ORDER BY n) AS o
                ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
                RETURNING id, user_id, wall_id, sort_key
            ), e AS (
                INSERT INTO events (seq, user_id, kind, item_id, created_at)
                SELECT i.sort_key, i.user_id, 'item.created', i.id, p_now FROM i
            ), r AS (
                INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                SELECT ok.user_id, ok.share_id, i.id, ok.fingerprint, false, p_now FROM i JOIN ok ON ok.item_id = i.id
            ), j AS (
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                SELECT f.id, f.kind, i.id, i.user_id, NULLIF(f.payload, ''), f.priority, 'queued', 0, p_now, p_now, p_now
                FROM unnest(p_job_ids, p_job_kinds, p_job_items, p_job_payloads, p_job_priorities)
                     AS f (id, kind, item_id, payload, priority)
                JOIN i ON i.id = f.item_id
                RETURNING id
            )
            SELECT ok.n, i.wall_id, i.sort_key FROM i JOIN ok ON ok.item_id = i.id
            UNION ALL
            SELECT NULL, NULL, NULL FROM (SELECT pg_notify('dwall_jobs', '') FROM j LIMIT 1) AS wake
            UNION ALL
            SELECT NULL, NULL, NULL FROM (
                SELECT pg_notify('dwall_events', p_origin || ' ' || max(i.sort_key) || ' ' || CASE
                    WHEN count(DISTINCT i.user_id) <= 100 THEN string_agg(DISTINCT i.user_id::text, ' ') ELSE '*' END)
                FROM i HAVING count(*) > 0
            ) AS announce;
        END
        $$
        """,
    ])
}
