import Foundation
import Hummingbird
import WallCore
import WallStore
import WallWeb

/// The wall: `GET /` (the default wall), `GET /w/{wall}` (filtered by `tag`, searched by `q`,
/// paged by `cursor`), and the card fragments the script fetches for infinite scroll
/// (`GET /fragments/cards`) and live updates (`GET /fragments/cards/{id}`).
struct WallPageController {
    let web: WebApp

    /// Cards per page.
    static let pageSize = 30

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/", use: defaultWall)
        routes.get("/w/:wall", use: wall)
        routes.get("/fragments/cards", use: cards)
        routes.get("/fragments/cards/:id", use: card)
        return routes
    }

    func defaultWall(_ request: Request, context: WallRequestContext) async throws -> Response {
        try await page(request, context: context, wallRef: nil)
    }

    func wall(_ request: Request, context: WallRequestContext) async throws -> Response {
        try await page(request, context: context, wallRef: context.parameters.get("wall"))
    }

    /// The next page of cards, alone.
    func cards(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let parameters = request.uri.formParameters
        let slug = parameters.get("wall") ?? DefaultWall.slug
        let listing = try await list(parameters, wallRef: slug, slug: slug, userID: identity.userID)
        let html = web.renderer.render(
            CardsFragment(cards: listing.cards, moreHref: listing.moreHref, moreFragment: listing.moreFragment),
            template: "cards"
        )
        return PageValidator.response(html: html, ignoring: [], to: request)
    }

    /// One card, alone (a live update inserts or replaces it).
    func card(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let id = try context.uuidParameter("id", naming: "item")
        guard let item = try await web.store.item(id: id, userID: identity.userID) else { throw WebError.notFound("item") }
        let parameters = request.uri.formParameters
        let slug = parameters.get("wall") ?? DefaultWall.slug
        let highlighter = Highlighter(query: parameters.get("q"))
        let view = CardView(item: item, highlighter: highlighter) { Self.wallHref(slug, tag: $0) }
        return Response.html(web.renderer.render(view, template: "card"))
    }

    // MARK: Building the page

    private func page(_ request: Request, context: WallRequestContext, wallRef: String?) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let parameters = request.uri.formParameters
        // The walls once (each carries its item count, which costs a count per wall): the
        // switcher shows them and the wall in view is one of them.
        let walls = try await web.store.walls(userID: identity.userID)
        let wall = try Self.wall(wallRef, in: walls)
        let eventSeq = try await web.store.lastEventSeq(userID: identity.userID)
        // A search the language can't read shows the wall with nothing on it and says why,
        // keeping the text in the box to mend.
        let listing: Listing
        var refusal: String?
        do {
            listing = try await list(parameters, wallRef: wall.id.lowercasedText, slug: wall.ref, userID: identity.userID)
        } catch let error as ValidationError where error.field == "q" {
            refusal = error.message
            listing = Listing(query: ItemQuery(tag: parameters.get("tag")), cards: [])
        }
        let searchText = listing.query.search == nil && refusal == nil ? "" : parameters.get("q") ?? ""
        var (chrome, _) = try await web.chrome(
            identity, context: context, title: wall.pickerName, page: "wall", wallSlug: wall.ref,
            search: searchText, walls: walls
        )
        chrome.eventSeq = eventSeq
        chrome.notice = refusal ?? Notice(parameters.get("notice"))?.text
        var view = WallPageView(
            chrome: chrome, wallName: wall.pickerName, wallID: wall.id.uppercasedText, clearHref: Self.wallHref(wall.ref)
        )
        view.canPost = wall.acceptsShares
        view.tagFilter = listing.query.tag
        view.searchFilter = searchText.isEmpty ? nil : searchText
        if let search = listing.query.search {
            view.searchChips = Self.chips(search, slug: wall.ref, tag: listing.query.tag)
        }
        view.tagClearHref = "/w/\(wall.ref)" + QueryString.make([("q", searchText.isEmpty ? nil : searchText)])
        view.cards = listing.cards
        view.moreHref = listing.moreHref
        view.moreFragment = listing.moreFragment
        if view.showsFirstRun {
            view.serverAddress = web.origin(for: request) + "/"
            view.firstRunScriptHrefs = StaticAssets.firstRunScripts.map(web.renderer.assets.path)
        }
        let frame = [wall.id.lowercasedText, wall.pickerName, "\(wall.acceptsShares)"]
            + walls.map { "\($0.ref) \($0.pickerName) \($0.role?.rawValue ?? "owner")" }
        return PageValidator.response(html: web.renderer.render(view), ignoring: [view.shareID], frame: frame, to: request)
    }

    /// A chip per clause of `search`, each linking to the wall `slug` (with `tag`) searched
    /// without it.
    static func chips(_ search: SearchExpression, slug: String, tag: String?) -> [FilterChip] {
        search.clauses.indices.map { index in
            let rest = search.removingClause(at: index).text
            return FilterChip(
                label: SearchExpression.text(of: search.clauses[index]),
                removeHref: "/w/\(slug)" + QueryString.make([("tag", tag), ("q", rest.isEmpty ? nil : rest)])
            )
        }
    }

    private struct Listing {
        var query: ItemQuery
        var cards: [CardView]
        var moreHref: String?
        var moreFragment: String?
    }

    /// A page of the cards of the wall `wallRef` (its id or slug; `slug` for the links) for the
    /// query string's `tag`, `q` and `cursor`.
    private func list(_ parameters: Parameters, wallRef: String, slug: String, userID: UUID) async throws -> Listing {
        var query = try ItemQuery(parameters: Parameters(parameters.filter { ["tag", "q", "cursor"].contains($0.key) }))
        query.wall = wallRef
        query.limit = Self.pageSize
        var page = try await web.store.items(matching: query, userID: userID)
        let q = parameters.get("q")
        let highlighter = Highlighter(query: query.search == nil ? nil : q)
        if highlighter.isActive { page.items = try await withRecognizedText(page.items, userID: userID) }
        let cards = page.items.map { item in
            CardView(item: item, highlighter: highlighter) { Self.wallHref(slug, tag: $0) }
        }
        var listing = Listing(query: query, cards: cards)
        if let next = page.nextCursor {
            listing.moreHref = "/w/\(slug)" + QueryString.make([("tag", query.tag), ("q", q), ("cursor", next)])
            listing.moreFragment = "/fragments/cards"
                + QueryString.make([("wall", slug), ("tag", query.tag), ("q", q), ("cursor", next)])
        }
        return listing
    }

    /// `items` with the text recognised in their pictures and scans, so that search results
    /// show where it matched (one read per picture or file on the page).
    private func withRecognizedText(_ items: [Item], userID: UUID) async throws -> [Item] {
        var items = items
        for index in items.indices where items[index].file != nil {
            items[index].recognizedText = try await web.store.recognition(itemID: items[index].id, userID: userID).text
        }
        return items
    }

    /// The wall `ref` names among `walls` (the slug of one of the person's own, or the id of any),
    /// or the default wall when it names none.
    private static func wall(_ ref: String?, in walls: [Wall]) throws -> Wall {
        let found: Wall?
        if let ref {
            let id = UUID(text: ref)
            found = walls.first { ($0.owner == nil && $0.slug == ref.lowercased()) || $0.id == id }
        } else {
            found = walls.first(where: \.isDefault) ?? walls.first
        }
        guard let found else { throw WebError.notFound("wall") }
        return found
    }

    /// A wall's page, filtered by a tag when one is given.
    static func wallHref(_ slug: String, tag: String? = nil) -> String {
        "/w/\(slug)" + QueryString.make([("tag", tag)])
    }
}

/// The few messages a page shows after a redirect, named in its query string (never the text
/// itself, so a link can't make the page say anything else). The service worker's `queued`
/// (a share kept on the device) is not one: only the page's script knows what the queue still
/// holds, and its status line says so.
enum Notice: String {
    case saved, deleted, password, passwordAndTokens = "password-tokens", signedOut = "signed-out"

    init?(_ raw: String?) {
        guard let raw else { return nil }
        self.init(rawValue: raw)
    }

    var text: String {
        switch self {
        case .saved: "Saved."
        case .deleted: "Deleted."
        case .password: "Password changed. Your other browsers were signed out."
        case .passwordAndTokens: "Password changed. Your other browsers were signed out and every API token was revoked."
        case .signedOut: "Signed out."
        }
    }
}
