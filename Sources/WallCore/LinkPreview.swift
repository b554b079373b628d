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
    /// Where `readableText` came from: `page_snapshot` when it was read from the page as the
    /// person's browser showed it (sent with the share), nil when the server fetched the page.
    public var readableTextSource: String?
    /// Why enrichment failed, in words a person can read ("the site answered 404"); nil unless
    /// the item's state is `failed`.
    public var failureReason: String?
    /// When the page was last fetched.
    public var fetchedAt: Date?
    /// When the enrichment that wrote this preview was asked for (its job's creation): a result
    /// asked for earlier, whose fetch ended later, is not written over it. Not part of the
    /// API's JSON.
    public var requestedAt: Date?
    /// The stored preview image: its blob's SHA-256 (hex) and its media type, for the server's
    /// route and the blob sweeper; not part of the API's JSON.
    public var imageBlob: StoredPicture?
    /// The stored icon, likewise.
    public var iconBlob: StoredPicture?

    /// Blob hashes this preview refers to, so the blob sweeper keeps them.
    public var blobHashes: [String] { [imageBlob?.sha256, iconBlob?.sha256].compactMap { $0 } }

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

    /// The `readableTextSource` of text read from a page snapshot.
    public static let pageSnapshotSource = "page_snapshot"

    /// The words search should find the item by: title, description, site and readable text.
    public var searchText: String {
        [title, description, siteName, readableText].compactMap { $0 }.joined(separator: "\n")
    }
}

/// A picture enrichment fetched and stored as a blob.
public struct StoredPicture: Codable, Sendable, Equatable {
    /// The blob's SHA-256, lower-case hex.
    public var sha256: String
    /// Its media type, from its bytes (`image/png`, `image/jpeg`, …).
    public var contentType: String

    /// Makes a stored picture.
    public init(sha256: String, contentType: String) {
        self.sha256 = sha256
        self.contentType = contentType
    }
}
