import Foundation

/// One thing to bring onto a wall in a bulk import (`POST /v1/import`), as a client sends it.
public struct ImportEntry: Codable, Sendable, Equatable {
    /// The entry's idempotency key: the same id imported twice is stored once. Our own export
    /// uses the item's id (kept as the new item's id when it is free); other formats get an id
    /// derived from the entry's content (`ImportEntry.derivedID`).
    public var id: UUID
    /// What the entry holds: `url` or `text`; `image` or `file` only in an archive import, whose
    /// blobs come with it.
    public var contentType: ItemKind
    /// The link.
    public var url: String?
    /// The passage, for `text` entries.
    public var text: String?
    /// The title.
    public var title: String?
    /// The person's note (a bookmark's description, a linkding note).
    public var userNote: String?
    /// The wall, by id, slug or name; one that does not exist is made. The default wall when absent.
    public var wall: String?
    /// Tags.
    public var tags: [String]?
    /// When it was first saved where it came from; kept as the item's `createdAt`.
    public var createdAt: Date?
    /// When it last changed there; kept as the item's `updatedAt` (`createdAt` when absent).
    public var updatedAt: Date?
    /// When the person shared it (our own export's `sharedAt`).
    public var sharedAt: Date?
    /// Where it first came from (our own export keeps it; `import` otherwise).
    public var source: ShareSource?
    /// The file an `image` or `file` entry holds (blobs by hash, which the same archive brings).
    public var file: ItemFile?

    /// Makes an entry.
    public init(
        id: UUID, contentType: ItemKind, url: String? = nil, text: String? = nil, title: String? = nil,
        userNote: String? = nil, wall: String? = nil, tags: [String]? = nil, createdAt: Date? = nil,
        updatedAt: Date? = nil, sharedAt: Date? = nil, source: ShareSource? = nil, file: ItemFile? = nil
    ) {
        self.id = id
        self.contentType = contentType
        self.url = url
        self.text = text
        self.title = title
        self.userNote = userNote
        self.wall = wall
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.sharedAt = sharedAt
        self.source = source
        self.file = file
    }
}
