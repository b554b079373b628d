import WallCore
import Foundation

/// What the guarded fetcher read: the body, its declared type, and where it really came from.
public struct FetchedResource: Sendable, Equatable {
    /// The URL the body came from, after redirects.
    public var finalURL: URL
    /// The media type, lower-cased, without parameters ("text/html").
    public var mediaType: String
    /// The `charset` parameter of `Content-Type`, if the server sent one.
    public var charset: String?
    /// The body, at most the cap of its kind.
    public var body: [UInt8]

    /// Makes a fetched resource.
    public init(finalURL: URL, mediaType: String, charset: String?, body: [UInt8]) {
        self.finalURL = finalURL
        self.mediaType = mediaType
        self.charset = charset
        self.body = body
    }
}

/// What the caller expects to fetch: it sets the body cap and the content types accepted.
public enum FetchKind: Sendable {
    /// An HTML page (`text/html`, `application/xhtml+xml`), at most `Limits.maxFetchHTMLBytes`.
    case page
    /// A raster image (PNG, JPEG, GIF, WebP, AVIF, ICO), at most `Limits.maxFetchImageBytes`.
    case image

    var maxBytes: Int {
        switch self {
        case .page: Limits.maxFetchHTMLBytes
        case .image: Limits.maxFetchImageBytes
        }
    }

    var accept: String {
        switch self {
        case .page: "text/html,application/xhtml+xml;q=0.9"
        case .image: "image/png,image/jpeg,image/gif,image/webp,image/avif,image/x-icon;q=0.9"
        }
    }

    /// Whether a response of this media type is what was asked for. SVG is refused: it is a
    /// document that can carry scripts, not a picture the wall can serve as one.
    func accepts(_ mediaType: String) -> Bool {
        switch self {
        case .page: ["text/html", "application/xhtml+xml"].contains(mediaType)
        case .image:
            ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/x-icon",
             "image/vnd.microsoft.icon"].contains(mediaType)
        }
    }
}


