import Foundation
import Logging
import PostgresNIO
import WallCore

/// Stores a batch of imported entries in one transaction (see `SQLiteImportWriter`): new items
/// keep their dates and take the entry id when it is free; sort keys come from the event
/// sequence, but no events are written, so the events lock is not taken and an import never
/// holds up the shares people make meanwhile.
struct PostgresImportWriter: Sendable {
    let client: PostgresClient
    let logger: Logger

    func save(_ entries: [ValidImport], userID: UUID, now: Date) async throws -> [ImportOutcome] {
        try await client.transaction(logger: logger) { connection in
            var walls = WallCache()
            var outcomes: [ImportOutcome] = []
            outcomes.reserveCapacity(entries.count)
            for entry in entries {
                outcomes.append(try await save(entry, userID: userID, now: now, connection, &walls))
            }
            return outcomes
        }
    }

    private func save(
        _ entry: ValidImport, userID: UUID, now: Date, _ connection: PostgresConnection, _ walls: inout WallCache
    ) async throws -> ImportOutcome {
        let share = entry.share
        guard let wallID = try await walls.resolve(share.wall, userID: userID, connection, logger: logger) else {
            return .skipped(reason: "There is no wall \(share.wall ?? "").")
        }
        let found = try await lookup(share, userID: userID, wallID: wallID, connection)
        if let receipt = found.receipt { return .duplicate(itemID: receipt, reason: ImportOutcome.importedBefore) }
        if let existing = found.existing { return try await duplicate(existing, share, userID: userID, now: now, connection) }

        let createdAt = entry.createdAt ?? now
        let item = Item(
            id: found.idTaken ? UUID.timeOrdered(at: now) : share.shareID, kind: share.kind, url: share.url,
            title: share.title, text: share.text, userNote: share.note, tags: share.tags, wallId: wallID,
            source: share.source, state: .ready, sharedAt: share.sharedAt, createdAt: createdAt,
            updatedAt: entry.updatedAt ?? createdAt
        )
        let document = SearchDocument(share: share).text
        let rows = try await connection.query("""
            WITH i AS (
                INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                   state, shared_at, created_at, updated_at, sort_key, search)
                VALUES (\(item.id), \(userID), \(wallID), \(item.kind.rawValue), \(item.url), \(share.canonicalURL),
                        \(item.title), \(item.text), \(item.userNote), \(item.tags), \(item.source.rawValue),
                        \(item.state.rawValue), \(item.sharedAt), \(item.createdAt), \(item.updatedAt),
                        nextval('events_seq'), to_tsvector('dwall_search', \(document)))
                ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
                RETURNING id
            ), r AS (
                INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                SELECT \(userID), \(share.shareID), id, \(share.fingerprint), false, \(now) FROM i
            )
            SELECT id FROM i
            """, logger: logger)
        if try await rows.first() != nil { return .imported(item) }
        // Another transaction stored the link since the lookup.
        guard let link = share.canonicalURL,
              let existing = try await PostgresItemSQL.fetch(wallID: wallID, canonicalURL: link, connection, logger: logger)
        else { throw CorruptRow(detail: "an import insert was refused, but no item holds its link") }
        return try await duplicate(existing.id, share, userID: userID, now: now, connection)
    }

    /// The link is on the wall: remember the entry id, change nothing else.
    private func duplicate(
        _ itemID: UUID, _ share: ValidShare, userID: UUID, now: Date, _ connection: PostgresConnection
    ) async throws -> ImportOutcome {
        try await connection.query("""
            INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
            VALUES (\(userID), \(share.shareID), \(itemID), \(share.fingerprint), true, \(now))
            """, logger: logger)
        return .duplicate(itemID: itemID, reason: ImportOutcome.alreadyOnWall)
    }

    /// The entry id's receipt, the item holding the link on the wall, and whether the entry id
    /// is taken as an item id, in one round trip.
    private func lookup(
        _ share: ValidShare, userID: UUID, wallID: UUID, _ connection: PostgresConnection
    ) async throws -> (receipt: UUID?, existing: UUID?, idTaken: Bool) {
        let rows = try await connection.query("""
            SELECT 0, r.item_id FROM share_receipts r WHERE r.user_id = \(userID) AND r.share_id = \(share.shareID)
            UNION ALL
            SELECT 1, d.id FROM items d
            WHERE d.wall_id = \(wallID) AND md5(d.canonical_url) = md5(\(share.canonicalURL))
              AND d.canonical_url = \(share.canonicalURL)
            UNION ALL
            SELECT 2, t.id FROM items t WHERE t.id = \(share.shareID)
            """, logger: logger)
        var result: (receipt: UUID?, existing: UUID?, idTaken: Bool) = (nil, nil, false)
        for try await (which, id) in rows.decode((Int32, UUID).self) {
            switch which {
            case 0: result.receipt = id
            case 1: result.existing = id
            default: result.idTaken = true
            }
        }
        return result
    }
}
