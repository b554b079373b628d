import Foundation
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
    public var imageSrc: String? { image?.src }
    /// The picture with its renditions and size.
    public var image: CardImage?
    /// The title, or what stands in for one, marked where the search matched.
    public var title: [TextPart]
    /// Whether a search is marked in the texts (else each text is one plain part).
    public var isMarked: Bool
    /// Whether the title is only the start of the passage shown below it (so it is not shown twice).
    public var isDerivedTitle: Bool
    /// Whether the title is only the file's name (so the file line shows its type and size alone).
    public var isFileNameTitle: Bool
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
    /// Who added it, on a shared wall, when that was not the wall's owner.
    public var addedBy: String?

    /// Characters of a passage shown on its card.
    public static let excerptLength = 320

    /// The card of `item`, with `extras` (by default what the item carries, such as its link
    /// preview). `tagHref` makes the link that filters the wall by a tag.
    public init(
        item: Item, extras: CardExtras? = nil, highlighter: Highlighter = Highlighter(words: []),
        tagHref: (String) -> String
    ) {
        let extras = extras ?? CardExtras(item: item)
        let id = item.id.uppercasedText
        self.id = id
        kind = item.kind.rawValue
        wallID = item.wallId.uppercasedText
        detailHref = "/items/\(id)"
        link = SafeLink(item.url)
        site = extras.preview?.siteName ?? link?.host
        iconSrc = extras.preview?.hasIcon == true ? "/v1/items/\(id)/icon" : nil
        if let media = extras.media, media.hasThumbnail {
            image = CardImage(itemID: id, media: media)
        } else if extras.preview?.hasImage == true {
            image = CardImage(src: "/v1/items/\(id)/link-image")
        }
        let titleText = Self.titleText(of: item, extras: extras)
        title = highlighter.parts(titleText)
        isMarked = highlighter.isActive
        description = extras.preview?.description.map(highlighter.parts) ?? []
        isDerivedTitle = item.kind == .text && item.title == nil && item.text != nil
        isFileNameTitle = extras.media?.fileName.map { $0 == titleText } ?? false
        excerpt = Self.excerptText(of: item, highlighter).map { highlighter.parts(Self.excerpt($0, highlighter)) } ?? []
        note = item.userNote.map(highlighter.parts) ?? []
        tags = item.tags.map { TagLink(name: $0, href: tagHref($0)) }
        file = extras.media.map(FileLabel.init)
        isPending = item.state == .pending
        failure = item.state == .failed ? (extras.preview?.failure ?? "The preview could not be made.") : nil
        let iso = WallJSON.formatDate(item.createdAt)
        dateISO = iso
        dateLabel = String(iso.prefix(10))
        addedBy = item.addedBy
    }

    /// What the card is called: its title, else the file's name, the first line of a passage,
    /// or the link's host and path.
    public static func titleText(of item: Item, extras: CardExtras) -> String {
        if let title = item.title ?? extras.preview?.title { return title }
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

    /// The text a card shows an excerpt of: a passage's, or, in search results, the words
    /// recognised in a picture or scan around where they match (the item carries them only
    /// there).
    static func excerptText(of item: Item, _ highlighter: Highlighter) -> String? {
        if item.kind == .text { return item.text }
        guard let found = item.recognizedText, highlighter.firstMatch(in: found) != nil else { return nil }
        return found
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
