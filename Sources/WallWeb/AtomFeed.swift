import Foundation
import WallCore

/// A wall's Atom feed (RFC 4287): one entry per item, newest first. Every text is escaped and
/// stripped of the characters XML 1.0 cannot hold, so whatever was saved, the feed parses.
public struct AtomFeed: Sendable {
    /// The feed's permanent id (`urn:uuid:` of the secret link).
    public var id: UUID
    /// The wall's name.
    public var title: String
    /// The feed's own absolute URL.
    public var selfURL: String
    /// The page's absolute URL.
    public var pageURL: String
    /// The items, newest first.
    public var items: [Item]
    /// When the wall was made (the feed's `updated` when it holds no item).
    public var createdAt: Date

    /// Makes a feed.
    public init(id: UUID, title: String, selfURL: String, pageURL: String, items: [Item], createdAt: Date) {
        self.id = id
        self.title = title
        self.selfURL = selfURL
        self.pageURL = pageURL
        self.items = items
        self.createdAt = createdAt
    }

    /// The feed as an XML document.
    public var xml: String {
        let updated = items.map(\.updatedAt).max() ?? createdAt
        var out = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <id>urn:uuid:\(id.lowercasedText)</id>
            <title>\(Self.escape(title))</title>
            <updated>\(WallJSON.formatDate(updated))</updated>
            <author><name>\(Self.escape(title))</name></author>
            <link rel="self" type="application/atom+xml" href="\(Self.escape(selfURL))"/>
            <link rel="alternate" type="text/html" href="\(Self.escape(pageURL))"/>
            <generator>Digital Wall</generator>

            """
        for item in items { out += entry(item) }
        out += "</feed>\n"
        return out
    }

    private func entry(_ item: Item) -> String {
        let extras = CardExtras(item: item)
        let link = SafeLink(item.url)?.href ?? pageURL + "#item-" + item.id.uppercasedText
        var entry = """
            <entry>
            <id>urn:uuid:\(item.id.lowercasedText)</id>
            <title>\(Self.escape(CardView.titleText(of: item, extras: extras)))</title>
            <published>\(WallJSON.formatDate(item.createdAt))</published>
            <updated>\(WallJSON.formatDate(item.updatedAt))</updated>
            <link rel="alternate" href="\(Self.escape(link))"/>

            """
        for tag in item.tags { entry += "<category term=\"\(Self.escape(tag))\"/>\n" }
        let summary = [item.userNote, extras.preview?.description, item.kind == .text ? item.text : nil]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !summary.isEmpty { entry += "<summary type=\"text\">\(Self.escape(summary))</summary>\n" }
        return entry + "</entry>\n"
    }

    /// `text` escaped for XML text and attributes, without the characters XML 1.0 forbids.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (value >= 0x20 && value <= 0xD7FF) || (value >= 0xE000 && value <= 0xFFFD) || value >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
