import Foundation
import WallCore

/// A share's wall reference as the share statements' SQL reads it: a kind (0 the person's
/// default wall, 1 a wall id, 2 a slug, 3 a reference no stored wall can have) and its text
/// (the id or slug lowercased, "" for kinds 0 and 3).
struct PostgresWallRef {
    /// 0 default, 1 id, 2 slug, 3 none can match.
    let kind: Int
    /// The lowercased id or slug; "" when the kind needs none.
    let text: String

    init(_ wall: String?) {
        if let wall, let id = UUID(text: wall) {
            (kind, text) = (1, id.lowercasedText)
        } else if let wall {
            (kind, text) = wall.isStorableInPostgres ? (2, wall.lowercased()) : (3, "")
        } else {
            (kind, text) = (0, "")
        }
    }
}
