import Foundation

/// What every page's frame shows: the title, the signed-in person, the wall switcher, the
/// search box, and the versioned URLs of the script and styles.
public struct PageChrome: Sendable {
    /// The `<title>`.
    public var pageTitle: String
    /// The token every form and script request carries against cross-site requests.
    public var csrfToken: String
    /// Who is signed in (`nil` on the sign-in and setup pages).
    public var username: String?
    /// The walls, in switcher order.
    public var walls: [WallLink] = []
    /// The wall being looked at (the default wall on pages about no wall in particular).
    public var wallSlug: String = ""
    /// The search box's text.
    public var searchText: String = ""
    /// What the search box offers as one types (`SearchGrammar.json`), for `search.js`.
    public var searchGrammar: String { SearchGrammar.json(wallSlugs: walls.map(\.slug)) }
    /// Which page this is (`wall`, `item`, `settings`, …), for the script.
    public var pageName: String
    /// The newest event this page has seen: the live stream resumes after it.
    public var eventSeq: Int64 = 0
    /// A message to show once ("Saved.", "Password changed.").
    public var notice: String?
    /// Styles, script and icon URLs.
    public var cssHref: String
    /// The masonry script (render-blocking, so the first frame is laid out).
    public var masonryJsHref: String
    /// The offline share queue, shared with the service worker.
    public var queueJsHref: String
    /// The page's other scripts, in order (`StaticAssets.pageScripts`).
    public var scriptHrefs: [String]
    /// The app icon.
    public var iconHref: String

    /// Makes the frame of a page.
    public init(pageTitle: String, pageName: String, csrfToken: String, assets: StaticAssets) {
        self.pageTitle = pageTitle
        self.pageName = pageName
        self.csrfToken = csrfToken
        cssHref = assets.path("app.css")
        masonryJsHref = assets.path("masonry.js")
        queueJsHref = assets.path("queue.js")
        scriptHrefs = StaticAssets.pageScripts.map(assets.path)
        iconHref = assets.path("icon.svg")
    }

    /// Whether someone is signed in.
    public var isSignedIn: Bool { username != nil }
}

/// A wall in the switcher.
public struct WallLink: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its slug.
    public var slug: String
    /// Its page.
    public var href: String
    /// How many items it holds.
    public var count: Int
    /// Whether it is the wall being looked at.
    public var isCurrent: Bool

    /// Makes a switcher entry.
    public init(name: String, slug: String, count: Int, isCurrent: Bool) {
        self.name = name
        self.slug = slug
        self.href = "/w/\(slug)"
        self.count = count
        self.isCurrent = isCurrent
    }
}
