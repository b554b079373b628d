import Foundation
import Mustache

/// The wall: the share box, the filters in force, and a page of cards, newest first.
public struct WallPageView: WebPage {
    /// `wall.mustache`.
    public static let template = "wall"

    /// The frame.
    public var chrome: PageChrome
    /// The wall's name.
    public var wallName: String
    /// The wall's id, for the script (live cards for this wall only).
    public var wallID: String
    /// The tag the wall is filtered by.
    public var tagFilter: String?
    /// The search in force.
    public var searchFilter: String?
    /// The search's clauses, each a chip that links to the search without it.
    public var searchChips: [FilterChip] = []
    /// The wall without its tag filter (the tag chip's link), keeping the search.
    public var tagClearHref: String?
    /// The wall without filters.
    public var clearHref: String
    /// The cards.
    public var cards: [CardView] = []
    /// The next page (plain link; the script loads `moreFragment` instead as you scroll).
    public var moreHref: String?
    /// The next page's cards alone.
    public var moreFragment: String?
    /// The id the share box's form sends without the script, so sending it twice saves once.
    public var shareID = UUID().uuidString
    /// Whether the person may add to this wall (not on a wall shared with them to view).
    public var canPost = true
    /// The address the page was served from, for the first-run panel (its script writes the
    /// browser's own, the same, and draws it as a QR code).
    public var serverAddress = ""
    /// The first-run panel's scripts (`StaticAssets.firstRunScripts`), by their versioned URLs.
    public var firstRunScriptHrefs: [String] = []

    /// Makes the page.
    public init(chrome: PageChrome, wallName: String, wallID: String, clearHref: String) {
        self.chrome = chrome
        self.wallName = wallName
        self.wallID = wallID
        self.clearHref = clearHref
    }

    /// Whether a filter or search is in force.
    public var isFiltered: Bool { tagFilter != nil || searchFilter != nil }
    /// Whether there is nothing to show.
    public var isEmpty: Bool { cards.isEmpty }
    /// Whether to show the first-run panel: a wall the person may add to, holding nothing, and
    /// no filter in force.
    public var showsFirstRun: Bool { isEmpty && !isFiltered && canPost }
}

/// A page of cards alone: what infinite scroll appends and a live update inserts.
public struct CardsFragment: Sendable {
    /// The cards.
    public var cards: [CardView]
    /// The page after these, if any.
    public var moreHref: String?
    /// That page's cards alone.
    public var moreFragment: String?

    /// Makes a fragment.
    public init(cards: [CardView], moreHref: String? = nil, moreFragment: String? = nil) {
        self.cards = cards
        self.moreHref = moreHref
        self.moreFragment = moreFragment
    }
}

extension WallPageView: MustacheParent {
    /// The value `wall.mustache` (and the layout) asks for by name.
    public func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "wallName": wallName
        case "wallID": wallID
        case "tagFilter": tagFilter
        case "searchFilter": searchFilter
        case "searchChips": searchChips
        case "tagClearHref": tagClearHref
        case "clearHref": clearHref
        case "cards": cards
        case "moreHref": moreHref
        case "moreFragment": moreFragment
        case "shareID": shareID
        case "canPost": canPost
        case "isFiltered": isFiltered
        case "isEmpty": isEmpty
        case "serverAddress": serverAddress
        case "firstRunScriptHrefs": firstRunScriptHrefs
        case "showsFirstRun": showsFirstRun
        default: nil
        }
    }
}

extension CardsFragment: MustacheParent {
    /// The value `cards.mustache` asks for by name.
    public func child(named name: String) -> Any? {
        switch name {
        case "cards": cards
        case "moreHref": moreHref
        case "moreFragment": moreFragment
        default: nil
        }
    }
}

extension PageChrome: MustacheParent {
    /// The value the layout asks for by name.
    public func child(named name: String) -> Any? {
        switch name {
        case "pageTitle": pageTitle
        case "csrfToken": csrfToken
        case "username": username
        case "walls": walls
        case "wallSlug": wallSlug
        case "searchText": searchText
        case "searchGrammar": searchGrammar
        case "pageName": pageName
        case "eventSeq": eventSeq
        case "notice": notice
        case "cssHref": cssHref
        case "masonryJsHref": masonryJsHref
        case "queueJsHref": queueJsHref
        case "scriptHrefs": scriptHrefs
        case "iconHref": iconHref
        case "isSignedIn": isSignedIn
        default: nil
        }
    }
}

extension WallLink: MustacheParent {
    /// The value the switcher asks for by name.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "slug": slug
        case "href": href
        case "count": count
        case "isCurrent": isCurrent
        default: nil
        }
    }
}
