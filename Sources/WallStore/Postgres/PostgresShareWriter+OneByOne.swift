import Foundation
import Logging
import PostgresNIO
import WallCore

/// The share writer's path for one share in its own round trips, inside the batch's
/// transaction: shares to shared walls, and shares whose new item the batch's statement could
/// not insert.
extension PostgresShareWriter {
    /// One share, in its own round trips: a replay of a known id, a known link moved to the top,
    /// or a new item. For shares to shared walls, and shares whose new item the batch's
    /// statement could not insert.
    func saveOne(
        _ job: PostgresQueuedShare, now: Date, _ connection: PostgresConnection, _ events: inout PostgresEventBatch
    ) async throws -> ShareOutcome {
        let share = job.share
        let access = try await PostgresWallAccessSQL.access(share.wall, actor: job.userID, connection, logger: logger)
        let found = try await lookup(share, userID: job.userID, wallID: access?.wallID, connection)
        if let receipt = found.receipt { return try ShareRules.replay(of: share, receipt: receipt) }
        guard let access else { throw StoreError.notFound("wall") }
        try access.requirePost()
        if let existing = found.existing {
            return try await moveToTop(existing, job, access: access, now: now, connection, &events)
        }

        var item = ShareRules.newItem(share, wallID: access.wallID, now: now, followUps: followUps)
        if let addedBy = access.addedBy {
            item.addedBy = try await PostgresWallAccessSQL.username(id: addedBy, connection, logger: logger)
        }
        if let seq = try await insert(item, job, access: access, now: now, connection) {
            events.append(.created, item: item, userID: access.ownerID, seq: seq)
            try await events.recordForMembers(.created, item: item, owner: access.ownerID, at: now, connection, logger: logger)
            return ShareOutcome(kind: .created, item: item)
        }
        // The unique index turned the insert away: someone stored the link since the lookup.
        guard let link = share.canonicalURL,
              let existing = try await PostgresItemSQL.fetch(
                  wallID: access.wallID, canonicalURL: link, connection, logger: logger
              )
        else { throw CorruptRow(detail: "an item insert was refused, but no item holds its link") }
        return try await moveToTop(existing, job, access: access, now: now, connection, &events)
    }

    /// The share id's receipt (with its item, if it still exists and the person may see it:
    /// `VisibleItems.item(_:seenBy:)`) and the item already holding the link on the wall, in one
    /// round trip.
    func lookup(
        _ share: ValidShare, userID: UUID, wallID: UUID?, _ connection: PostgresConnection
    ) async throws -> (receipt: KnownReceipt?, existing: Item?) {
        let rows = try await connection.query("""
            SELECT 0 AS found, r.fingerprint, r.duplicate, \(unescaped: PostgresRows.itemColumns("i")),
                   i.user_id AS owner_id,
                   EXISTS (SELECT 1 FROM wall_members m WHERE m.wall_id = i.wall_id AND m.user_id = r.user_id) AS reader_is_member
            FROM share_receipts r LEFT JOIN items i ON i.id = r.item_id
            WHERE r.user_id = \(userID) AND r.share_id = \(share.shareID)
            UNION ALL
            SELECT 1, NULL, NULL, \(unescaped: PostgresRows.itemColumns("d")), NULL, NULL FROM items d
            WHERE d.wall_id = \(wallID) AND md5(d.canonical_url) = md5(\(share.canonicalURL))
              AND d.canonical_url = \(share.canonicalURL)
            """, logger: logger)
        var receipt: KnownReceipt?
        var existing: Item?
        for try await row in rows {
            let cells = row.makeRandomAccess()
            if try cells["found"].decode(Int32.self) == 0 {
                receipt = KnownReceipt(
                    fingerprint: try cells["fingerprint"].decode(String.self),
                    duplicate: try cells["duplicate"].decode(Bool.self),
                    item: try PostgresRows.hasItem(cells) ? VisibleItems.item(try PostgresRows.storedItem(cells), seenBy: userID) : nil
                )
            } else {
                existing = try PostgresRows.item(cells).item
            }
        }
        return (receipt, existing)
    }

    /// Inserts a new item with its event and receipt; returns its seq, or nil when the link is
    /// on the wall already (`ON CONFLICT DO NOTHING` on the unique index: nothing is written).
    func insert(
        _ item: Item, _ job: PostgresQueuedShare, access: WallAccess, now: Date, _ connection: PostgresConnection
    ) async throws -> Int64? {
        let share = job.share
        // The follow-up jobs, written with the item (none when the policy names none).
        let jobs = PostgresNewItemRows.jobs(for: share, now: now, followUps: followUps)
        let kinds = jobs.map(\.kind.rawValue)
        let jobIDs = jobs.map(\.id)
        // An array of text can't hold NULL here: "" stands for no payload.
        let payloads = jobs.map { $0.payload ?? "" }
        let priority = followUps.priority(for: share.source).rawValue
        let rows = try await connection.query("""
            WITH i AS (
                INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                   state, shared_at, created_at, updated_at, sort_key, search, added_by)
                VALUES (\(item.id), \(access.ownerID), \(item.wallId), \(item.kind.rawValue), \(item.url),
                        \(share.canonicalURL), \(item.title), \(item.text), \(item.userNote), \(item.tags),
                        \(item.source.rawValue), \(item.state.rawValue), \(item.sharedAt), \(now), \(now),
                        nextval('events_seq'), to_tsvector('dwall_search', \(job.document.text)), \(access.addedBy))
                ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
                RETURNING id, sort_key
            ), e AS (
                INSERT INTO events (seq, user_id, kind, item_id, created_at)
                SELECT sort_key, \(access.ownerID), \(ItemEvent.Kind.created.rawValue), id, \(now) FROM i
            ), r AS (
                INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                SELECT \(job.userID), \(share.shareID), id, \(share.fingerprint), false, \(now) FROM i
            ), j AS (
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                SELECT f.id, f.kind, i.id, \(access.ownerID), NULLIF(f.payload, ''), \(priority), 'queued', 0, \(now), \(now),
                       \(now)
                FROM i, unnest(\(jobIDs)::uuid[], \(kinds)::text[], \(payloads)::text[]) AS f (id, kind, payload)
            )
            SELECT sort_key FROM i
            """, logger: logger)
        return try await rows.first()?.decode(Int64.self)
    }

    /// The link is on the wall: merge the share into that item, move it to the top, remember the id.
    func moveToTop(
        _ existing: Item, _ job: PostgresQueuedShare, access: WallAccess, now: Date, _ connection: PostgresConnection,
        _ events: inout PostgresEventBatch
    ) async throws -> ShareOutcome {
        let owner = access.ownerID
        var member: String?
        if let addedBy = access.addedBy {
            member = try await PostgresWallAccessSQL.username(id: addedBy, connection, logger: logger)
        }
        let item = ShareRules.merged(existing, with: job.share, now: now, by: member)
        let seq = try await events.record(.updated, item: item, userID: owner, at: now, connection, logger: logger)
        try await PostgresItemSQL.update(item, sortKey: seq, connection, logger: logger)
        try await connection.query("""
            INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
            VALUES (\(job.userID), \(job.share.shareID), \(item.id), \(job.share.fingerprint), true, \(now))
            """, logger: logger)
        if ShareRules.rereadsSnapshot(job.share, into: existing) {
            let priority = followUps.priority(for: job.share.source).rawValue
            try await connection.query("""
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                VALUES (\(UUID.timeOrdered(at: now)), \(JobKind.enrich.rawValue), \(item.id), \(owner),
                        \(job.share.enrichPayload), \(priority), 'queued', 0, \(now), \(now), \(now))
                """, logger: logger)
        }
        return ShareOutcome(kind: .duplicate, item: item)
    }
}
