import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    public func tagCounts(userID: UUID, limit: Int) async throws -> [TagCount] {
        try await ready.wait()
        let rows = try await client.query("""
            SELECT t.tag, count(*) AS uses FROM items i CROSS JOIN LATERAL unnest(i.tags) AS t(tag)
            WHERE i.user_id = \(userID) GROUP BY t.tag ORDER BY uses DESC, t.tag COLLATE "C" LIMIT \(limit)
            """, logger: logger)
        return try await rows.all().map { row in
            let (name, uses) = try row.decode((String, Int64).self)
            return TagCount(name: name, count: Int(uses))
        }
    }
}
