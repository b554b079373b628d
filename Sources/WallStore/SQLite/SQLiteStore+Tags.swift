import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func tagCounts(userID: UUID, limit: Int) async throws -> [TagCount] {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT tag, count(*) AS uses FROM item_tags WHERE user_id = ?
                    GROUP BY tag ORDER BY uses DESC, tag LIMIT ?
                    """,
                arguments: [userID.dbText, limit]
            )
            return rows.map { TagCount(name: $0["tag"], count: $0["uses"]) }
        }
    }
}
