import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    /// One indexed probe per wall the person can see (`VisibleItems.walls(owned:)` as SQL: their
    /// own and those shared with them; `items_one_link_per_wall`, on the link's md5), so the
    /// lookup costs the same however many items a wall holds, in one round trip.
    public func items(canonicalURL: String, userID: UUID) async throws -> [Item] {
        try await ready.wait()
        let rows = try await client.query("""
            SELECT \(unescaped: PostgresRows.itemColumns("i")) FROM items i
            WHERE i.wall_id IN (\(wallsVisibleTo: userID))
              AND md5(i.canonical_url) = md5(\(canonicalURL)) AND i.canonical_url = \(canonicalURL)
            ORDER BY i.sort_key DESC
            """, logger: logger)
        var items: [Item] = []
        for try await row in rows { items.append(try PostgresRows.item(row.makeRandomAccess()).item) }
        return items
    }
}
