import Foundation

/// What enrichment learned about a link item's page: the card's title, description, site and
/// pictures, and the page's readable text. Pictures are paths on this server (never the
/// third-party address), so the wall never hot-links another site from a person's browser.
public struct LinkPreview: Codable, Sendable, Equatable {
    /// The page's title (the item's own `title`, if the person gave one, wins on the card).
    public var title: String?
    /// The page's description.
    public var description: String?
    /// The site's name ("The Guardian"), or nil when the page doesn't say.
    public var siteName: String?
    /// The page's canonical address, after redirects.
    public var canonicalUrl: String?
    /// The author, when the page names one.
    public var author: String?
    /// When the page says it was published, as it wrote it.
    public var published: String?
    /// The preview image, as a path on this server, once stored.
    public var imagePath: String?
    /// The site's icon, as a path on this server, once stored.
    public var iconPath: String?
    /// The page's main text; sent with a single item (`GET /v1/items/{id}`), not in lists or events.
    public var readableText: String?
    /// Why enrichment failed, in words a person can read ("the site answered 404"); nil unless
    /// the item's state is `failed`.
    public var failureReason: String?
    /// When the page was last fetched.
    public var fetchedAt: Date?

    /// Makes a preview.
    public init(
        title: String? = nil, description: String? = nil, siteName: String? = nil, canonicalUrl: String? = nil,
        author: String? = nil, published: String? = nil, imagePath: String? = nil, iconPath: String? = nil,
        readableText: String? = nil, failureReason: String? = nil, fetchedAt: Date? = nil
    ) {
        self.title = title
        self.description = description
        self.siteName = siteName
        self.canonicalUrl = canonicalUrl
        self.author = author
        self.published = published
        self.imagePath = imagePath
        self.iconPath = iconPath
        self.readableText = readableText
        self.failureReason = failureReason
        self.fetchedAt = fetchedAt
    }

    /// The words search should find the item by: title, description, site and readable text.
    public var searchText: String {
        [title, description, siteName, readableText].compactMap { $0 }.joined(separator: "\n")
    }
}
