import PostgresNIO

extension PostgresMigrations {
    /// A batch's only share in one round trip (`PostgresLoneShareStatement` calls it): the
    /// function takes the events lock, then stores the share as a new item on its person's own
    /// wall when it is plainly new (the statement the writer sent inside the batch's transaction
    /// until v12, now kept in the database). Called on its own (autocommit), the call is the whole transaction: `BEGIN`,
    /// the lock, the write and `COMMIT` in one statement and one wait, instead of three waits
    /// and four statements. Called inside a transaction that holds the lock already, it is one
    /// statement of it (an advisory lock held is granted again at once).
    ///
    /// The write runs after the lock in a query of its own, and a volatile function takes a fresh
    /// snapshot for each query it runs, so it sees every batch committed before and its event
    /// number follows commit order. Its plan is cached per connection and made once for any
    /// values (planning the statement took longer than running it).
    ///
    /// It writes only when its wall (by id, by slug, or the default: whichever the share names)
    /// is the person's and has no members, no receipt holds the share's id, and the wall's link
    /// index takes the item (`ON CONFLICT DO NOTHING`). Then it inserts the item (its sort key a
    /// fresh event number), its `created` event, its receipt and its follow-up jobs (`''` stands
    /// for no payload), wakes the job runners if it queued any and announces the event
    /// (`PostgresEventNotice`'s payload: `origin maxSeq user`); its one row is the wall and the
    /// event number. Otherwise it writes nothing and returns no row.
    static let v13LoneShareFunction = PostgresMigration(name: "v13-lone-share-function", statements: [
        """
        CREATE FUNCTION dwall_lone_share(
            p_user uuid, p_wall_id uuid, p_slug text, p_share_id uuid, p_fingerprint text, p_canonical_url text,
            p_item_id uuid, p_kind text, p_url text, p_title text, p_text text, p_note text, p_tags text[],
            p_source text, p_state text, p_shared_at timestamptz, p_now timestamptz, p_document text,
            p_job_ids uuid[], p_job_kinds text[], p_job_payloads text[], p_priority smallint, p_origin text
        ) RETURNS TABLE (wall_id uuid, sort_key bigint, woke bigint, announced bigint)
        LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
        #variable_conflict use_column
        BEGIN
            PERFORM pg_advisory_xact_lock(\(unescaped: String(PostgresLocks.events)));
            RETURN QUERY
            WITH w AS MATERIALIZED (
                SELECT id FROM walls WHERE p_wall_id IS NOT NULL AND id = p_wall_id AND user_id = p_user
                UNION ALL
                SELECT id FROM walls
                WHERE p_wall_id IS NULL AND p_slug IS NOT NULL AND user_id = p_user AND slug = p_slug
                UNION ALL
                SELECT id FROM walls WHERE p_wall_id IS NULL AND p_slug IS NULL AND user_id = p_user AND is_default
            ), ok AS MATERIALIZED (
                SELECT w.id AS wall_id FROM w
                WHERE NOT EXISTS (SELECT 1 FROM wall_members m WHERE m.wall_id = w.id)
                  AND NOT EXISTS (SELECT 1 FROM share_receipts r WHERE r.user_id = p_user AND r.share_id = p_share_id)
                LIMIT 1
            ), i AS (
                INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                   state, shared_at, created_at, updated_at, sort_key, search)
                SELECT p_item_id, p_user, ok.wall_id, p_kind, p_url, p_canonical_url, p_title, p_text, p_note, p_tags,
                       p_source, p_state, p_shared_at, p_now, p_now, nextval('events_seq'),
                       to_tsvector('dwall_search', p_document)
                FROM ok
                ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
                RETURNING id, wall_id, sort_key
            ), e AS (
                INSERT INTO events (seq, user_id, kind, item_id, created_at)
                SELECT i.sort_key, p_user, 'item.created', i.id, p_now FROM i
            ), r AS (
                INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                SELECT p_user, p_share_id, i.id, p_fingerprint, false, p_now FROM i
            ), j AS (
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                SELECT f.id, f.kind, i.id, p_user, NULLIF(f.payload, ''), p_priority, 'queued', 0, p_now, p_now, p_now
                FROM i, unnest(p_job_ids, p_job_kinds, p_job_payloads) AS f (id, kind, payload)
                RETURNING id
            )
            SELECT i.wall_id, i.sort_key,
                   (SELECT count(*) FROM (SELECT pg_notify('dwall_jobs', '') FROM j LIMIT 1) AS wake),
                   (SELECT count(*) FROM (
                       SELECT pg_notify('dwall_events', p_origin || ' ' || i.sort_key || ' ' || p_user::text)
                   ) AS announce)
            FROM i;
        END
        $$
        """,
    ])
}
