import Foundation

/// One item: its whole text or image, the original link, and the form to edit its note, tags
/// and wall, and to delete it.
public struct ItemPageView: WebPage {
    /// `item.mustache`.
    public static let template = "item"

    /// The frame.
    public var chrome: PageChrome
    /// The item as its card shows it.
    public var card: CardView
    /// The whole passage (or, once enrichment stores it, the page's readable text).
    public var fullText: [TextPart] = []
    /// The text recognised in its picture or scanned pages, shown collapsed.
    public var recognizedText: [TextPart] = []
    /// Whether there is recognised text to show.
    public var hasRecognizedText = false
    /// Why no text could be recognised in its picture or pages.
    public var recognitionFailure: String?
    /// The title, for the form.
    public var titleValue: String
    /// The note, for the form.
    public var noteValue: String
    /// The tags, comma-separated, for the form.
    public var tagsValue: String
    /// The walls to move it to.
    public var wallOptions: [WallOption]
    /// Where it was shared from.
    public var sourceLabel: String
    /// Why the last edit was refused.
    public var formError: String?
    /// Whether the person may change or delete it (on a shared wall, as their role allows).
    public var canChange = true
    /// The wall to go back to.
    public var backHref: String

    /// Makes the page.
    public init(
        chrome: PageChrome, card: CardView, titleValue: String, noteValue: String, tagsValue: String,
        wallOptions: [WallOption], sourceLabel: String, backHref: String
    ) {
        self.chrome = chrome
        self.card = card
        self.titleValue = titleValue
        self.noteValue = noteValue
        self.tagsValue = tagsValue
        self.wallOptions = wallOptions
        self.sourceLabel = sourceLabel
        self.backHref = backHref
    }
}

/// A wall in a `<select>`.
public struct WallOption: Sendable, Equatable {
    /// Its slug (the value sent).
    public var slug: String
    /// Its name.
    public var name: String
    /// Whether it is chosen.
    public var selected: Bool

    /// Makes an option.
    public init(slug: String, name: String, selected: Bool) {
        self.slug = slug
        self.name = name
        self.selected = selected
    }
}
