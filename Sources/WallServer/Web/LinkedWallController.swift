import Foundation
import HTTPTypes
import Hummingbird
import WallApp
import WallCore
import WallStore
import WallWeb

/// What a secret link opens, to anyone holding it, signed in or not: `GET /w/dl_…` (the wall's
/// cards, read-only, newest first, paged by `cursor`, filtered by `tag`), `/w/dl_…/feed.atom`,
/// and the cards' pictures and files under `/w/dl_…/items/{id}/…`, served by the owner's own
/// code with the same headers. Nothing else is reachable from a link: every lookup goes through
/// the store's link methods, which show the link's wall alone; an unknown or revoked secret, or
/// an item on any other wall, is 404. Pages say `noindex` unless the link was made indexable.
struct LinkedWallController {
    let web: WebApp
    let files: ItemFilesController
    let pictures: LinkPicturesController

    private var store: any WallStore { web.store }

    /// The page and its feed.
    var pageEndpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/w/\(SecretLink.prefix){secret}", use: page)
        routes.get("/w/\(SecretLink.prefix){secret}/feed.atom", use: feed)
        return routes
    }

    /// The cards' pictures and files.
    var fileEndpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        let base = "/w/\(SecretLink.prefix){secret}/items/:id"
        routes.get("\(base)/thumbnail") { request, context in try await file(.thumbnail, request, context) }
        routes.get("\(base)/preview") { request, context in try await file(.preview, request, context) }
        routes.get("\(base)/file") { request, context in try await file(.original, request, context) }
        routes.get("\(base)/link-image") { request, context in try await picture(\.imageBlob, request, context) }
        routes.get("\(base)/icon") { request, context in try await picture(\.iconBlob, request, context) }
        return routes
    }

    // MARK: Page and feed

    func page(_ request: Request, context: WallRequestContext) async throws -> Response {
        guard let (secret, linked) = try await opened(context) else { return notFound(context) }
        let parameters = request.uri.queryParameters
        var query = try ItemQuery(parameters: Parameters(parameters.filter { ["tag", "cursor"].contains($0.key) }))
        query.limit = Limits.linkPageSize
        guard let items = try await store.linkedItems(secretHash: SecretLink.hash(secret), query: query) else {
            return notFound(context)
        }
        let base = SecretLink.path(secret)
        var view = LinkedWallPageView(
            wallName: linked.name, isNoIndex: !linked.indexable, pageHref: base, feedHref: base + "/feed.atom",
            assets: web.renderer.assets
        )
        view.tagFilter = query.tag
        view.cards = items.items.map { item in
            CardView(item: item) { base + QueryString.make([("tag", $0)]) }.throughLink(base)
        }
        if let next = items.nextCursor {
            view.moreHref = base + QueryString.make([("tag", query.tag), ("cursor", next)])
        }
        return robots(web.html(view), linked)
    }

    func feed(_ request: Request, context: WallRequestContext) async throws -> Response {
        guard let (secret, linked) = try await opened(context),
              let items = try await store.linkedItems(
                  secretHash: SecretLink.hash(secret), query: ItemQuery(limit: Limits.linkFeedEntries)
              )
        else { return notFound(context) }
        let page = request.origin(publicURL: web.publicURL) + SecretLink.path(secret)
        let feed = AtomFeed(
            id: linked.linkID, title: linked.name, selfURL: page + "/feed.atom", pageURL: page,
            items: items.items, createdAt: linked.createdAt
        )
        let response = Response(
            status: .ok,
            headers: [.contentType: "application/atom+xml; charset=utf-8", .cacheControl: "private, no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: feed.xml))
        )
        return robots(response, linked)
    }

    // MARK: Pictures and files

    private func file(
        _ rendition: ItemFilesController.Rendition, _ request: Request, _ context: WallRequestContext
    ) async throws -> Response {
        let (item, linked) = try await linkedItem(context)
        return robots(try await files.serve(rendition, of: item, request), linked)
    }

    private func picture(
        _ picture: KeyPath<LinkPreview, StoredPicture?>, _ request: Request, _ context: WallRequestContext
    ) async throws -> Response {
        let (item, linked) = try await linkedItem(context)
        return robots(try await pictures.serve(picture, of: item, request), linked)
    }

    /// The item the route names, if it is on the wall the link opens.
    private func linkedItem(_ context: WallRequestContext) async throws -> (Item, LinkedWall) {
        guard let (secret, linked) = try await opened(context) else { throw APIError.notFound("item") }
        let id = try context.uuidParameter("id", naming: "item")
        guard let item = try await store.linkedItem(id: id, secretHash: SecretLink.hash(secret)) else {
            throw APIError.notFound("item")
        }
        return (item, linked)
    }

    // MARK: Helpers

    /// The secret the route names and the wall it opens; nil for a malformed, unknown or revoked one.
    private func opened(_ context: WallRequestContext) async throws -> (String, LinkedWall)? {
        guard let tail = context.parameters.get("secret") else { return nil }
        let secret = SecretLink.prefix + tail
        guard SecretLink.isWellFormed(secret),
              let linked = try await store.linkedWall(secretHash: SecretLink.hash(secret))
        else { return nil }
        return (secret, linked)
    }

    /// `X-Robots-Tag: noindex` unless the link was made indexable.
    private func robots(_ response: Response, _ linked: LinkedWall) -> Response {
        var response = response
        if !linked.indexable { response.headers[.xRobotsTag] = "noindex" }
        return response
    }

    /// The page for a link that doesn't work (never saying whether it ever did).
    private func notFound(_ context: WallRequestContext) -> Response {
        var view = MessagePageView(
            chrome: web.bareChrome(context, title: "Not found", page: "message"), heading: "This link doesn't work",
            message: "It may have been mistyped, or its owner may have turned it off."
        )
        view.linkHref = "/"
        view.linkText = "Digital Wall"
        var response = web.html(view, status: .notFound)
        response.headers[.xRobotsTag] = "noindex"
        return response
    }
}

extension HTTPField.Name {
    /// `X-Robots-Tag`: what search engines may do with a response.
    static let xRobotsTag = HTTPField.Name("X-Robots-Tag")!
}
