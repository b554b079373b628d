import Foundation
import WallCore

/// What `GET /v1/items` asks for.
public struct ItemQuery: Sendable, Equatable {
    /// Only this wall (id or slug).
    public var wall: String?
    /// Only this kind.
    public var kind: ItemKind?
    /// Only items with this tag.
    public var tag: String?
    /// Only items matching this search (words, phrases and operators).
    public var search: SearchExpression?
    /// Start after this position (from the previous page's cursor).
    public var cursor: ItemCursor?
    /// Page size, 1 to `Limits.maxPageSize`.
    public var limit: Int
    /// Only this item, if it matches the rest (whether a live change belongs on a smart wall).
    public var item: UUID?
    /// Only items on the person's own walls, none on walls shared with them (what a secret link
    /// to a smart wall may show).
    public var ownWallsOnly = false

    /// Makes a query.
    public init(
        wall: String? = nil, kind: ItemKind? = nil, tag: String? = nil, search: SearchExpression? = nil,
        cursor: ItemCursor? = nil, limit: Int = Limits.defaultPageSize
    ) {
        self.wall = wall
        self.kind = kind
        self.tag = tag
        self.search = search
        self.cursor = cursor
        self.limit = limit
    }
}
