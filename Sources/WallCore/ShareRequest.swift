import Foundation

/// The body of `POST /v1/share`: one thing a person shared, as a client sends it.
public struct ShareRequest: Codable, Sendable, Equatable {
    /// Made by the client once per share; the idempotency key.
    public var id: UUID
    /// What is shared.
    public var contentType: ItemKind
    /// The link (required for `url`; optional context for `text`).
    public var url: String?
    /// The passage (required for `text`).
    public var text: String?
    /// A title, when the sharing app offered one.
    public var title: String?
    /// The person's own note.
    public var userNote: String?
    /// The wall, by id or slug; the default wall when absent.
    public var wall: String?
    /// Tags to put on the item.
    public var tags: [String]?
    /// When the person shared it, by the device's clock.
    public var timestamp: Date?
    /// Where the share came from.
    public var source: ShareSource?
    /// The page as the person saw it (a `url` share from Safari or the browser extension).
    public var page: PageSnapshot?

    /// Makes a share request.
    public init(
        id: UUID = UUID(), contentType: ItemKind, url: String? = nil, text: String? = nil,
        title: String? = nil, userNote: String? = nil, wall: String? = nil, tags: [String]? = nil,
        timestamp: Date? = nil, source: ShareSource? = nil, page: PageSnapshot? = nil
    ) {
        self.id = id
        self.contentType = contentType
        self.url = url
        self.text = text
        self.title = title
        self.userNote = userNote
        self.wall = wall
        self.tags = tags
        self.timestamp = timestamp
        self.source = source
        self.page = page
    }
}
