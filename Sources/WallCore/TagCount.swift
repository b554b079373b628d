/// One of a person's tags and how many of their items carry it (`GET /v1/tags`).
public struct TagCount: Codable, Sendable, Equatable {
    /// The tag, lower-cased as stored.
    public var name: String
    /// How many of the person's items carry it.
    public var count: Int

    /// Makes a tag count.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// The body of `GET /v1/tags`: the person's tags, most used first (ties by name).
public struct TagList: Codable, Sendable, Equatable {
    /// The tags, at most `Limits.maxTagListLength`.
    public var tags: [TagCount]

    /// Makes a list.
    public init(tags: [TagCount]) {
        self.tags = tags
    }
}
