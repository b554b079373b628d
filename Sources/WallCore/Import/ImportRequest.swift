/// The body of `POST /v1/import`: one batch of a bulk import, stored in one transaction.
///
/// A client sends a large file as several batches in order; every entry carries its own id, so
/// sending a batch (or the whole file) again adds nothing.
public struct ImportRequest: Codable, Sendable, Equatable {
    /// Walls to make before the entries are stored (our own export lists them, with their order);
    /// a wall whose slug exists already is used as it is.
    public var walls: [ImportWall]?
    /// The entries, at most `Limits.maxImportBatchEntries`. Later entries sit higher on the wall.
    public var entries: [ImportEntry]
    /// Whether to queue link previews for the new items (at low priority); default true.
    public var enrich: Bool?

    /// Makes a request.
    public init(walls: [ImportWall]? = nil, entries: [ImportEntry], enrich: Bool? = nil) {
        self.walls = walls
        self.entries = entries
        self.enrich = enrich
    }
}

/// A wall an import brings along.
public struct ImportWall: Codable, Sendable, Equatable {
    /// Its slug.
    public var slug: String
    /// Its display name.
    public var name: String
    /// Its place in the wall switcher.
    public var position: Int?

    /// Makes a wall to import.
    public init(slug: String, name: String, position: Int? = nil) {
        self.slug = slug
        self.name = name
        self.position = position
    }
}
