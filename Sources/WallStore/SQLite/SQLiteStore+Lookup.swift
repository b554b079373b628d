import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    /// One indexed probe per wall of the user (`items_one_link_per_wall`), so the lookup costs
    /// the same however many items the wall holds.
    public func items(canonicalURL: String, userID: UUID) async throws -> [Item] {
        try await pool.read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT \(SQLiteRows.itemColumns) FROM items
                WHERE wall_id IN (SELECT id FROM walls WHERE user_id = ?) AND canonical_url = ? AND user_id = ?
                ORDER BY sort_key DESC
                """)
            return try Row.fetchAll(statement, arguments: [userID.dbText, canonicalURL, userID.dbText])
                .map(SQLiteRows.item)
        }
    }
}
