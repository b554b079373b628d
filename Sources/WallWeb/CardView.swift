import Foundation
import Mustache
import WallCore

/// One card on the wall, ready for `card.mustache`: every text is plain text (the template
/// escapes it), every link is http(s), every image comes from our own routes.
public struct CardView: Sendable {
    /// The item's id, as the API writes it.
    public var id: String
    /// `url`, `text`, `image` or `file`.
    public var kind: String
    /// The wall it is on.
    public var wallID: String
    /// The item's page.
    public var detailHref: String
    /// The original link, when it is http(s).
    public var link: SafeLink?
    /// The site's name, or the link's host.
    public var site: String?
    /// The site's icon, from our own route.
    public var iconSrc: String?
    /// The preview image or thumbnail, from our own route.
    public var imageSrc: String?
    /// The title, or what stands in for one, marked where the search matched.
    public var title: [TextPart]
    /// Whether the title is only the start of the passage shown below it (so it is not shown twice).
    public var isDerivedTitle: Bool
    /// A link's description.
    public var description: [TextPart]
    /// The start of a passage (or the part around the first match).
    public var excerpt: [TextPart]
    /// The person's note.
    public var note: [TextPart]
    /// Tags, each linking to the wall filtered by it.
    public var tags: [TagLink]
    /// A stored file's name and size.
    public var file: FileLabel?
    /// Whether the preview is still being made.
    public var isPending: Bool
    /// Why making the preview failed.
    public var failure: String?
    /// When it was saved, ISO 8601 (the script shows it as "5 min ago").
    public var dateISO: String
    /// When it was saved, as a day.
    public var dateLabel: String

    /// Characters of a passage shown on its card.
    public static let excerptLength = 320

    /// The card of `item`. `tagHref` makes the link that filters the wall by a tag.
    public init(
        item: Item, extras: CardExtras = .none, highlighter: Highlighter = Highlighter(words: []),
        tagHref: (String) -> String
    ) {
        let id = item.id.uppercasedText
        self.id = id
        kind = item.kind.rawValue
        wallID = item.wallId.uppercasedText
        detailHref = "/items/\(id)"
        link = SafeLink(item.url)
        site = extras.preview?.siteName ?? link?.host
        iconSrc = extras.preview?.hasIcon == true ? "/v1/items/\(id)/icon" : nil
        if extras.media?.hasThumbnail == true {
            imageSrc = "/v1/items/\(id)/thumbnail"
        } else if extras.preview?.hasImage == true {
            imageSrc = "/v1/items/\(id)/preview"
        }
        title = highlighter.parts(Self.titleText(of: item, extras: extras))
        description = extras.preview?.description.map(highlighter.parts) ?? []
        isDerivedTitle = item.kind == .text && item.title == nil && item.text != nil
        excerpt = item.kind == .text ? item.text.map { highlighter.parts(Self.excerpt($0, highlighter)) } ?? [] : []
        note = item.userNote.map(highlighter.parts) ?? []
        tags = item.tags.map { TagLink(name: $0, href: tagHref($0)) }
        file = extras.media.map(FileLabel.init)
        isPending = item.state == .pending
        failure = item.state == .failed ? (extras.preview?.failure ?? "The preview could not be made.") : nil
        let iso = WallJSON.formatDate(item.createdAt)
        dateISO = iso
        dateLabel = String(iso.prefix(10))
    }

    /// What the card is called: its title, else the file's name, the first line of a passage,
    /// or the link's host and path.
    public static func titleText(of item: Item, extras: CardExtras) -> String {
        if let title = item.title { return title }
        if let name = extras.media?.fileName { return name }
        if item.kind == .text, let text = item.text {
            let firstLine = text.prefix(while: { !$0.isNewline })
            return firstLine.count > 120 ? String(firstLine.prefix(117)) + "…" : String(firstLine)
        }
        if let url = item.url {
            let bare = url.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
            return bare.count > 120 ? String(bare.prefix(117)) + "…" : bare
        }
        return item.kind == .image ? "Image" : "Untitled"
    }

    /// The start of a passage, or a window around its first match when that is further on.
    static func excerpt(_ text: String, _ highlighter: Highlighter) -> String {
        if text.count <= excerptLength { return text }
        if let match = highlighter.firstMatch(in: text), text.distance(from: text.startIndex, to: match) > excerptLength / 2 {
            let start = text.index(match, offsetBy: -excerptLength / 4)
            let end = text.index(start, offsetBy: excerptLength, limitedBy: text.endIndex) ?? text.endIndex
            return "…" + text[start..<end] + (end < text.endIndex ? "…" : "")
        }
        return String(text.prefix(excerptLength)) + "…"
    }
}

/// A tag on a card, linking to the wall filtered by it.
public struct TagLink: Sendable, Equatable {
    /// The tag.
    public var name: String
    /// The filtered wall.
    public var href: String
}

/// A stored file as a card names it.
public struct FileLabel: Sendable, Equatable {
    /// The file's name.
    public var name: String
    /// "PDF", "JPEG", …
    public var type: String
    /// "1.2 MB".
    public var size: String

    /// Labels a stored file.
    public init(_ media: MediaInfo) {
        name = media.fileName ?? "File"
        type = media.contentType.split(separator: "/").last.map { $0.uppercased() } ?? "FILE"
        size = Self.size(media.byteCount)
    }

    /// A byte count for people: "532 B", "14 KB", "1.2 MB".
    static func size(_ bytes: Int64) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return "\((bytes + 500) / 1_000) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

// MARK: Template lookups (explicit, not by reflection: the wall renders many cards)

extension CardView: MustacheParent {
    /// The value `card.mustache` asks for by name.
    public func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "kind": kind
        case "wallID": wallID
        case "detailHref": detailHref
        case "href": link?.href
        case "site": site
        case "iconSrc": iconSrc
        case "imageSrc": imageSrc
        case "title": title
        case "description": description
        case "isDerivedTitle": isDerivedTitle
        case "excerpt": excerpt
        case "note": note
        case "tags": tags
        case "hasDescription": !description.isEmpty
        case "hasExcerpt": !excerpt.isEmpty
        case "hasNote": !note.isEmpty
        case "hasTags": !tags.isEmpty
        case "tagList": tags.map(\.name).joined(separator: "\n")
        case "file": file
        case "isPending": isPending
        case "failure": failure
        case "dateISO": dateISO
        case "dateLabel": dateLabel
        default: nil
        }
    }
}

extension TextPart: MustacheParent {
    /// `text` or `match`.
    public func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "match": match
        default: nil
        }
    }
}

extension TagLink: MustacheParent {
    /// `name` or `href`.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": href
        default: nil
        }
    }
}
