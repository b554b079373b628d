/// One page of `GET /v1/items`, newest first.
public struct ItemPage: Codable, Sendable, Equatable {
    /// The items on this page.
    public var items: [Item]
    /// Pass as `cursor` to get the next page; `nil` on the last page.
    public var nextCursor: String?

    /// Makes a page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
