import Foundation
import Mustache

/// A wall opened through a secret link: its name and a page of cards, read-only (no share box,
/// no controls, no live updates), with a link to its Atom feed.
public struct LinkedWallPageView: WebPage {
    /// `linked-wall.mustache`.
    public static let template = "linked-wall"

    /// The wall's name.
    public var wallName: String
    /// Whether search engines are asked to stay away (`noindex`).
    public var isNoIndex: Bool
    /// The page's own path (`/w/dl_…`), for the filters' "show everything".
    public var pageHref: String
    /// The Atom feed's path.
    public var feedHref: String
    /// The stylesheet's versioned path.
    public var cssHref: String
    /// The masonry script's versioned path.
    public var jsHref: String
    /// The icon's versioned path.
    public var iconHref: String
    /// The tag the page is filtered by.
    public var tagFilter: String?
    /// The cards, newest first.
    public var cards: [CardView] = []
    /// The next page.
    public var moreHref: String?

    /// Makes the page.
    public init(
        wallName: String, isNoIndex: Bool, pageHref: String, feedHref: String, assets: StaticAssets
    ) {
        self.wallName = wallName
        self.isNoIndex = isNoIndex
        self.pageHref = pageHref
        self.feedHref = feedHref
        cssHref = assets.path("app.css")
        jsHref = assets.path("masonry.js")
        iconHref = assets.path("icon.svg")
    }
}

extension LinkedWallPageView: MustacheParent {
    /// The value `linked-wall.mustache` asks for by name.
    public func child(named name: String) -> Any? {
        switch name {
        case "wallName": wallName
        case "isNoIndex": isNoIndex
        case "pageHref": pageHref
        case "feedHref": feedHref
        case "cssHref": cssHref
        case "jsHref": jsHref
        case "iconHref": iconHref
        case "tagFilter": tagFilter ?? false
        case "cards": cards
        case "isEmpty": cards.isEmpty
        case "moreHref": moreHref ?? false
        default: nil
        }
    }
}
