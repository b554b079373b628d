import WallCore

/// What `GET /v1/items` should return: filters, search words and the page.
public struct ItemFilter: Sendable, Equatable {
    /// Only this wall (id or slug).
    public var wall: String?
    /// Only this kind.
    public var kind: ItemKind?
    /// Only items with this tag.
    public var tag: String?
    /// A search in the language of `q` (words, phrases, `tag:`, `kind:`, …).
    public var search: String?
    /// A saved search (smart wall), by id or slug: only what it matches.
    public var savedSearch: String?
    /// The previous page's `nextCursor`.
    public var cursor: String?
    /// Items per page (1 to 200).
    public var limit: Int?

    /// Makes a filter.
    public init(
        wall: String? = nil, kind: ItemKind? = nil, tag: String? = nil, search: String? = nil,
        savedSearch: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) {
        self.wall = wall
        self.kind = kind
        self.tag = tag
        self.search = search
        self.savedSearch = savedSearch
        self.cursor = cursor
        self.limit = limit
    }

    /// The query parameters, in a fixed order.
    var parameters: [(String, String)] {
        let pairs: [(String, String?)] = [
            ("wall", wall), ("kind", kind?.rawValue), ("tag", tag), ("q", search), ("search", savedSearch), ("cursor", cursor), ("limit", limit.map(String.init)),
        ]
        return pairs.compactMap { name, value in value.map { (name, $0) } }
    }
}
