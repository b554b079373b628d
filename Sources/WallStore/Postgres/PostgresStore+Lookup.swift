import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    /// One indexed probe per wall the person can see, their own and those shared with them
    /// (`items_one_link_per_wall`, on the link's md5), so the lookup costs the same however many
    /// items a wall holds.
    public func items(canonicalURL: String, userID: UUID) async throws -> [Item] {
        try await ready.wait()
        let rows = try await client.query("""
            SELECT \(unescaped: PostgresRows.itemColumns("i")) FROM items i
            WHERE i.wall_id IN (SELECT w.id FROM walls w WHERE w.user_id = \(userID)
                                UNION ALL SELECT m.wall_id FROM wall_members m WHERE m.user_id = \(userID))
              AND md5(i.canonical_url) = md5(\(canonicalURL)) AND i.canonical_url = \(canonicalURL)
            ORDER BY i.sort_key DESC
            """, logger: logger)
        var items: [Item] = []
        for try await row in rows { items.append(try PostgresRows.item(row.makeRandomAccess()).item) }
        return items
    }
}
