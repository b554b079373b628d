import Foundation
import WallCore

/// Reads a page's metadata and readable text with libxml2's HTML parser.
public enum MetadataExtractor {
    /// Parses `bytes` (decoded by `headerCharset`, a BOM or the page's own `<meta charset>`)
    /// and extracts what the page says about itself; relative URLs resolve against `pageURL`.
    /// Never throws: broken HTML gives what can be read, and no HTML gives empty metadata.
    public static func extract(from bytes: [UInt8], headerCharset: String? = nil, pageURL: URL) -> PageMetadata {
        let encoding = CharsetSniffer.encoding(of: bytes, headerCharset: headerCharset)
        guard let document = HTMLDocument(bytes: bytes, encoding: encoding), let root = document.root else {
            return PageMetadata(iconURLs: fallbackIcon(pageURL).map { [$0] } ?? [])
        }
        var found = Found()
        collect(root, into: &found, depth: 0)
        return found.metadata(pageURL: pageURL, readableText: ReadableText.extract(from: root))
    }

    /// What one walk over the page collects.
    struct Found {
        var title: String?
        var meta: [String: String] = [:]
        var canonical: String?
        var icons: [(rank: Int, href: String)] = []
        var jsonLD: [String] = []

        func metadata(pageURL: URL, readableText: String?) -> PageMetadata {
            let ld = JSONLDFacts(jsonLD)
            var icons = self.icons.sorted { $0.rank < $1.rank }.compactMap { resolve($0.href, pageURL) }
            if let fallback = MetadataExtractor.fallbackIcon(pageURL), !icons.contains(fallback) { icons.append(fallback) }
            return PageMetadata(
                title: clean(meta["og:title"] ?? meta["twitter:title"] ?? title, limit: Limits.maxTitleLength),
                description: clean(
                    meta["og:description"] ?? meta["twitter:description"] ?? meta["description"],
                    limit: Limits.maxPreviewFieldLength
                ),
                siteName: clean(meta["og:site_name"] ?? meta["application-name"], limit: Limits.maxPreviewFieldLength),
                canonicalURL: (canonical ?? meta["og:url"]).flatMap { resolve($0, pageURL) },
                imageURL: (meta["og:image:secure_url"] ?? meta["og:image"] ?? meta["og:image:url"]
                    ?? meta["twitter:image"] ?? meta["twitter:image:src"]).flatMap { resolve($0, pageURL) },
                iconURLs: Array(icons.prefix(4)),
                author: clean(ld.author ?? meta["author"] ?? meta["article:author"], limit: Limits.maxPreviewFieldLength),
                published: clean(ld.published ?? meta["article:published_time"], limit: 64),
                readableText: readableText
            )
        }
    }

    private static func collect(_ node: HTMLNode, into found: inout Found, depth: Int) {
        guard node.isElement, depth < HTMLNode.maxDepth else { return }
        switch node.name {
        case "title" where found.title == nil:
            found.title = node.textContent
        case "meta":
            if let key = (node.attribute("property") ?? node.attribute("name"))?.lowercased(),
               let content = node.attribute("content"), found.meta[key] == nil {
                found.meta[key] = content
            }
        case "link":
            let rels = (node.attribute("rel") ?? "").lowercased().split(separator: " ")
            guard let href = node.attribute("href") else { break }
            if rels.contains("canonical"), found.canonical == nil { found.canonical = href }
            if rels.contains("apple-touch-icon") || rels.contains("apple-touch-icon-precomposed") {
                found.icons.append((0, href))
            } else if rels.contains("icon") {
                found.icons.append((1, href))
            }
        case "script":
            if node.attribute("type")?.lowercased().hasPrefix("application/ld+json") == true {
                found.jsonLD.append(node.children.filter(\.isText).map(\.text).joined())
            }
            return
        case "style":
            return
        default:
            break
        }
        for child in node.children { collect(child, into: &found, depth: depth + 1) }
    }

    /// `/favicon.ico` at the page's origin.
    static func fallbackIcon(_ pageURL: URL) -> URL? {
        guard let scheme = pageURL.scheme, let host = pageURL.host(percentEncoded: true) else { return nil }
        var components = URLComponents()
        components.scheme = scheme
        components.percentEncodedHost = host
        components.port = pageURL.port
        components.path = "/favicon.ico"
        return components.url
    }

    /// An absolute http(s) URL for `href` on the page at `base`; nil for other schemes.
    static func resolve(_ href: String, _ base: URL) -> URL? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= Limits.maxURLLength,
              let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// Whitespace collapsed and trimmed, cut to `limit` characters; nil when nothing is left.
    static func clean(_ text: String?, limit: Int) -> String? {
        guard let text else { return nil }
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty else { return nil }
        return collapsed.count > limit ? String(collapsed.prefix(limit)) : collapsed
    }
}
