import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    /// One indexed probe per wall the person can see (`VisibleItems.walls(owned:)`: their own and
    /// those shared with them; `items_one_link_per_wall`), so the lookup costs the same however
    /// many items a wall holds.
    public func items(canonicalURL: String, userID: UUID) async throws -> [Item] {
        try await pool.read { db in
            let visible = VisibleItems.acrossWalls(of: userID, shared: try WallAccessSQL.memberWalls(actor: userID, db))
            let walls = visible.walls(owned: try WallAccessSQL.ownWallIDs(actor: userID, db))
            guard !walls.isEmpty else { return [] }
            let statement = try db.cachedStatement(sql: """
                SELECT \(SQLiteRows.itemColumns) FROM items
                WHERE wall_id IN (\(databaseQuestionMarks(count: walls.count))) AND canonical_url = ?
                ORDER BY sort_key DESC
                """)
            let arguments = StatementArguments(walls.map(\.dbText)) + [canonicalURL]
            return try Row.fetchAll(statement, arguments: arguments).map(SQLiteRows.item)
        }
    }
}
