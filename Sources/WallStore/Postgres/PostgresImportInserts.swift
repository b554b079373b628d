import Foundation
import Logging
import PostgresNIO
import WallCore

/// Writes an import batch's rows with one multi-row `unnest` insert per table: the items (with
/// their sort keys, reserved from the event sequence in one query), the receipts, and the
/// follow-up jobs.
struct PostgresImportInserts {
    let userID: UUID
    let now: Date
    let connection: PostgresConnection
    let logger: Logger

    /// Inserts the new items, in order, each with the next sort key; returns the ids of those
    /// whose link some other transaction stored since the lookup (nothing of them was written).
    func items(_ newItems: [ImportPlan.NewItem]) async throws -> Set<UUID> {
        guard !newItems.isEmpty else { return [] }
        let sortKeys = try await reserveSortKeys(newItems.count)
        var nullable: [String] = []
        nullable.reserveCapacity(newItems.count)
        for new in newItems {
            let item = new.item
            let row = PostgresNullableItemColumns(
                url: item.url, canonicalURL: new.canonicalURL, title: item.title, text: item.text, note: item.userNote,
                tags: item.tags, file: try ItemFileColumn.encode(item.file)
            )
            nullable.append(row.json)
        }
        let items = newItems.map(\.item)
        let ids = items.map(\.id)
        let walls = items.map(\.wallId)
        let kinds = items.map(\.kind.rawValue)
        let sources = items.map(\.source.rawValue)
        let states = items.map(\.state.rawValue)
        let hasSharedAt = items.map { $0.sharedAt != nil }
        let sharedAts = items.map { $0.sharedAt ?? $0.createdAt }
        let createdAts = items.map(\.createdAt)
        let updatedAts = items.map(\.updatedAt)
        let documents = items.map { SearchDocument(item: $0).text }
        let rows = try await connection.query("""
            INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                               state, shared_at, created_at, updated_at, sort_key, search, file)
            SELECT r.id, \(userID), r.wall_id, r.kind, r.n->>'url', r.n->>'canonicalURL', r.n->>'title',
                   r.n->>'text', r.n->>'note', ARRAY(SELECT jsonb_array_elements_text(r.n->'tags')), r.source,
                   r.state, CASE WHEN r.has_shared_at THEN r.shared_at END, r.created_at, r.updated_at, r.sort_key,
                   to_tsvector('dwall_search', r.document), r.n->>'file'
            FROM unnest(\(ids)::uuid[], \(walls)::uuid[], \(kinds)::text[], \(nullable)::jsonb[],
                        \(sources)::text[], \(states)::text[], \(hasSharedAt)::boolean[], \(sharedAts)::timestamptz[],
                        \(createdAts)::timestamptz[], \(updatedAts)::timestamptz[], \(sortKeys)::bigint[],
                        \(documents)::text[])
                 AS r (id, wall_id, kind, n, source, state, has_shared_at, shared_at, created_at, updated_at,
                       sort_key, document)
            ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
            RETURNING id
            """, logger: logger)
        var refused = Set(ids)
        for try await id in rows.decode(UUID.self) { refused.remove(id) }
        return refused
    }

    /// `count` fresh numbers from the event sequence, lowest first, so later entries sit higher.
    private func reserveSortKeys(_ count: Int) async throws -> [Int64] {
        let rows = try await connection.query(
            "SELECT nextval('events_seq') FROM generate_series(1, \(count))", logger: logger
        )
        var keys: [Int64] = []
        keys.reserveCapacity(count)
        for try await key in rows.decode(Int64.self) { keys.append(key) }
        return keys.sorted()
    }

    /// Remembers every entry id with the item it became or duplicates.
    func receipts(_ receipts: [ImportPlan.Receipt]) async throws {
        guard !receipts.isEmpty else { return }
        let shareIDs = receipts.map(\.shareID)
        let itemIDs = receipts.map(\.itemID)
        let fingerprints = receipts.map(\.fingerprint)
        let duplicates = receipts.map(\.duplicate)
        try await connection.query("""
            INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
            SELECT \(userID), r.share_id, r.item_id, r.fingerprint, r.duplicate, \(now)
            FROM unnest(\(shareIDs)::uuid[], \(itemIDs)::uuid[], \(fingerprints)::text[], \(duplicates)::boolean[])
                 AS r (share_id, item_id, fingerprint, duplicate)
            """, logger: logger)
    }

    /// Queues the new items' follow-up jobs at `.bulk` priority, so interactive shares go first.
    func jobs(_ jobs: [ImportPlan.FollowUp]) async throws {
        let ids = jobs.map(\.id)
        let kinds = jobs.map(\.kind.rawValue)
        let itemIDs = jobs.map(\.itemID)
        let priority = JobPriority.bulk.rawValue
        try await connection.query("""
            INSERT INTO jobs (id, kind, item_id, user_id, priority, state, attempts, run_at, created_at, updated_at)
            SELECT j.id, j.kind, j.item_id, \(userID), \(priority), 'queued', 0, \(now), \(now), \(now)
            FROM unnest(\(ids)::uuid[], \(kinds)::text[], \(itemIDs)::uuid[]) AS j (id, kind, item_id)
            """, logger: logger)
    }
}
