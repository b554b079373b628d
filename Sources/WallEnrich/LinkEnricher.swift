import Foundation
import WallCore

/// Turns a link into a `LinkPreview`: fetches the page through the guarded fetcher and reads
/// its metadata and readable text. Pictures are fetched separately (`fetchImage`), through the
/// same guard, so the caller can store them and serve them from this server.
public struct LinkEnricher: Sendable {
    /// The guarded fetcher every request goes through.
    public var fetcher: GuardedFetcher

    /// Makes an enricher over a fetcher.
    public init(fetcher: GuardedFetcher) {
        self.fetcher = fetcher
    }

    /// Fetches and reads the page at `url`; throws `FetchError` with a readable reason.
    public func metadata(of url: String) async throws -> (finalURL: URL, metadata: PageMetadata) {
        guard let parsed = URL(string: url) else { throw FetchError.permanent("the link is not a valid address") }
        let page = try await fetcher.fetch(parsed, as: .page)
        let metadata = MetadataExtractor.extract(from: page.body, headerCharset: page.charset, pageURL: page.finalURL)
        return (page.finalURL, metadata)
    }

    /// Fetches an image (a preview image or an icon) through the guard: typed, capped, and its
    /// bytes must really be a raster image (the type is then the one its bytes show).
    public func fetchImage(_ url: URL) async throws -> FetchedResource {
        var image = try await fetcher.fetch(url, as: .image)
        guard let sniffed = ImageSniffer.mediaType(of: image.body) else {
            throw FetchError.permanent("the image's bytes are not a PNG, JPEG, GIF, WebP, AVIF or icon")
        }
        image.mediaType = sniffed
        return image
    }
}

extension LinkPreview {
    /// The preview a page's metadata gives, fetched now from `finalURL`; no pictures yet.
    public init(metadata: PageMetadata, finalURL: URL, fetchedAt: Date) {
        self.init(
            title: metadata.title, description: metadata.description,
            siteName: metadata.siteName ?? finalURL.host(percentEncoded: false),
            canonicalUrl: (metadata.canonicalURL ?? finalURL).absoluteString, author: metadata.author,
            published: metadata.published, readableText: metadata.readableText, fetchedAt: fetchedAt
        )
    }
}
