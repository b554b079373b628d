import Foundation
import PostgresNIO

/// `VisibleItems` as PostgreSQL filters, for the two reads that can only filter in SQL and stay one
/// round trip: the event log (whose person changes from row to row, and whose `LIMIT` must count
/// only the events it returns) and the lookup by link (one indexed probe per wall). Both say what
/// `VisibleItems.acrossWalls(of:shared:)` says: the person's own items, and those on the walls
/// shared with them; `SharedWallStoreTests` shows on both stores that they agree with it.
extension PostgresQuery.StringInterpolation {
    /// `VisibleItems.contains` as a join condition: the item aliased `item` is stored under the
    /// person in the column `person`, or is on a wall they are a member of.
    mutating func appendInterpolation(item: String, visibleTo person: String) {
        appendLiteral("""
            (\(item).user_id = \(person) \
            OR \(item).wall_id IN (SELECT m.wall_id FROM wall_members m WHERE m.user_id = \(person)))
            """)
    }

    /// `VisibleItems.walls(owned:)` as a subquery: the person's own walls, then those shared with them.
    mutating func appendInterpolation(wallsVisibleTo person: UUID) {
        appendLiteral("SELECT w.id FROM walls w WHERE w.user_id = ")
        appendInterpolation(person)
        appendLiteral(" UNION ALL SELECT m.wall_id FROM wall_members m WHERE m.user_id = ")
        appendInterpolation(person)
    }
}
