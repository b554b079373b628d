import Foundation

/// What a page says about itself, read from its HTML; URLs are absolute (resolved against the
/// page's final URL) and http or https only.
public struct PageMetadata: Sendable, Equatable {
    /// The best title: `og:title`, `twitter:title`, then `<title>`.
    public var title: String?
    /// `og:description`, `twitter:description`, then `<meta name=description>`.
    public var description: String?
    /// `og:site_name`, else `application-name`.
    public var siteName: String?
    /// `rel=canonical`, else `og:url`.
    public var canonicalURL: URL?
    /// `og:image`, `twitter:image`.
    public var imageURL: URL?
    /// Icons in the page's order of preference (`apple-touch-icon`, `icon`), then `/favicon.ico`.
    public var iconURLs: [URL]
    /// The author, from JSON-LD, `<meta name=author>` or `article:author`.
    public var author: String?
    /// When the page says it was published, from JSON-LD or `article:published_time`, as written.
    public var published: String?
    /// The page's main text (see `ReadableText`), capped.
    public var readableText: String?

    /// Makes metadata.
    public init(
        title: String? = nil, description: String? = nil, siteName: String? = nil, canonicalURL: URL? = nil,
        imageURL: URL? = nil, iconURLs: [URL] = [], author: String? = nil, published: String? = nil,
        readableText: String? = nil
    ) {
        self.title = title
        self.description = description
        self.siteName = siteName
        self.canonicalURL = canonicalURL
        self.imageURL = imageURL
        self.iconURLs = iconURLs
        self.author = author
        self.published = published
        self.readableText = readableText
    }
}
