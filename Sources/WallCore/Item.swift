import Foundation

/// One card on a wall, as the API returns it.
public struct Item: Codable, Sendable, Equatable, Identifiable {
    /// The server's id for the item.
    public var id: UUID
    /// What the item holds.
    public var kind: ItemKind
    /// The file, for `image` and `file` items.
    public var file: ItemFile? = nil
    /// The link, for `url` items (and `text` items shared with their page).
    public var url: String?
    /// The title.
    public var title: String?
    /// The passage, for `text` items.
    public var text: String?
    /// The person's note.
    public var userNote: String?
    /// Tags, lower-cased.
    public var tags: [String]
    /// The wall the item is on.
    public var wallId: UUID
    /// Where it was shared from.
    public var source: ShareSource
    /// Where it is in processing after the save.
    public var state: ItemState
    /// When the person shared it, by their device's clock.
    public var sharedAt: Date?
    /// When the server stored it.
    public var createdAt: Date
    /// When it last changed (including being moved to the top by a repeated share).
    public var updatedAt: Date
    /// What enrichment learned about a link's page, once it has run (nil before, and for text).
    public var preview: LinkPreview?
    /// Who added it, on a shared wall, when that was not the wall's owner (their user name).
    public var addedBy: String? = nil
    /// The text recognised in its picture or scanned pages (OCR), in the item's own answer
    /// (`GET /v1/items/{id}`) and exports; nil before recognition ran and in lists.
    public var recognizedText: String? = nil
    /// Why no text could be recognised in its picture or pages, when recognition failed.
    public var recognitionError: String? = nil

    /// Makes an item.
    public init(
        id: UUID, kind: ItemKind, url: String? = nil, title: String? = nil, text: String? = nil,
        userNote: String? = nil, tags: [String] = [], wallId: UUID, source: ShareSource,
        state: ItemState = .ready, sharedAt: Date? = nil, createdAt: Date, updatedAt: Date,
        preview: LinkPreview? = nil
    ) {
        self.id = id
        self.kind = kind
        self.url = url
        self.title = title
        self.text = text
        self.userNote = userNote
        self.tags = tags
        self.wallId = wallId
        self.source = source
        self.state = state
        self.sharedAt = sharedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.preview = preview
    }
}
