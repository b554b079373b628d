import Crypto
import Foundation
import Logging
import PostgresNIO
import WallCore

/// Finds, for a whole import batch at once, what is stored already: the entry ids' receipts,
/// the links on their walls, and the entry ids taken as item ids (three queries, whatever the
/// batch's size).
struct PostgresImportLookup {
    let userID: UUID
    let connection: PostgresConnection
    let logger: Logger

    func find(_ entries: [ValidImport], wallIDs: [UUID?]) async throws -> KnownImportRows {
        var known = KnownImportRows()
        let shareIDs = entries.map(\.share.shareID)
        let receipts = try await connection.query("""
            SELECT share_id, item_id FROM share_receipts
            WHERE user_id = \(userID) AND share_id = ANY(\(shareIDs)::uuid[])
            """, logger: logger)
        for try await (shareID, itemID) in receipts.decode((UUID, UUID).self) { known.receipts[shareID] = itemID }

        let taken = try await connection.query("SELECT id FROM items WHERE id = ANY(\(shareIDs)::uuid[])", logger: logger)
        for try await id in taken.decode(UUID.self) { known.takenIDs.insert(id) }

        var keys: [WallLinkKey] = []
        for (entry, wallID) in zip(entries, wallIDs) {
            if let wallID, let link = entry.share.canonicalURL { keys.append(WallLinkKey(wallID: wallID, canonicalURL: link)) }
        }
        known.links = try await items(holding: keys)
        return known
    }

    /// The items holding the links that refused new items wanted, by the refused item's id.
    func existingItems(for refused: Set<UUID>, in plan: ImportPlan) async throws -> [UUID: UUID] {
        let wanted = plan.newItems.filter { refused.contains($0.item.id) }
        let holders = try await items(holding: wanted.compactMap(\.wallKey))
        var result: [UUID: UUID] = [:]
        for new in wanted { if let key = new.wallKey { result[new.item.id] = holders[key] } }
        return result
    }

    /// The items on the given walls with the given canonical links: one probe of the unique
    /// `(wall_id, md5(canonical_url))` index per link (the `OFFSET 0` keeps the planner from
    /// turning the probes into a scan of every item, which it did while the table's statistics
    /// lagged behind a big import). The hashes are made here; the exact links are compared in Swift.
    private func items(holding keys: [WallLinkKey]) async throws -> [WallLinkKey: UUID] {
        guard !keys.isEmpty else { return [:] }
        let wanted = Set(keys)
        let walls = keys.map(\.wallID)
        let hashes = keys.map { Self.md5Hex($0.canonicalURL) }
        let rows = try await connection.query("""
            SELECT i.wall_id, i.canonical_url, i.id
            FROM unnest(\(walls)::uuid[], \(hashes)::text[]) AS k (wall_id, hash)
            CROSS JOIN LATERAL (
                SELECT wall_id, canonical_url, id FROM items
                WHERE wall_id = k.wall_id AND md5(canonical_url) = k.hash OFFSET 0
            ) AS i
            """, logger: logger)
        var found: [WallLinkKey: UUID] = [:]
        for try await (wallID, link, id) in rows.decode((UUID, String, UUID).self) {
            let key = WallLinkKey(wallID: wallID, canonicalURL: link)
            if wanted.contains(key) { found[key] = id }
        }
        return found
    }

    /// PostgreSQL's `md5(text)`: the hex MD5 of the UTF-8 bytes.
    private static func md5Hex(_ text: String) -> String {
        Insecure.MD5.hash(data: Data(text.utf8)).lowercaseHex
    }
}
