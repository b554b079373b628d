import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    /// One indexed probe per wall the person can see, their own and those shared with them
    /// (`items_one_link_per_wall`), so the lookup costs the same however many items a wall holds.
    public func items(canonicalURL: String, userID: UUID) async throws -> [Item] {
        try await pool.read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT \(SQLiteRows.itemColumns) FROM items
                WHERE wall_id IN (SELECT id FROM walls WHERE user_id = ? UNION ALL SELECT wall_id FROM wall_members WHERE user_id = ?)
                  AND canonical_url = ?
                ORDER BY sort_key DESC
                """)
            return try Row.fetchAll(statement, arguments: [userID.dbText, userID.dbText, canonicalURL])
                .map(SQLiteRows.item)
        }
    }
}
