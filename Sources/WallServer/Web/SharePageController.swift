import Foundation
import HTTPTypes
import Hummingbird
import WallCore
import WallStore
import WallWeb

/// Saving from the browser without the script: the share box (`POST /share`), the page the
/// bookmarklet opens (`GET /share?url=&title=&text=`), and the PWA share target
/// (`POST /share-target`, multipart or urlencoded `title`, `text`, `url`).
///
/// A share target's POST comes from the browser's share sheet, which can't carry a CSRF token.
/// It is saved at once only when it carries one, or when the browser marks it as made by the
/// person rather than by a page (`Sec-Fetch-Site: none`); any other POST (another site's form)
/// only shows the share page, filled in, for the person to confirm. (With the service worker
/// installed, it takes the share target's POSTs itself and sends them through the API.)
struct SharePageController {
    let web: WebApp

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/share", use: form)
        routes.post("/share", use: save)
        return routes
    }

    /// Mounted behind a middleware that lets unverified requests through (see the type's note).
    var shareTargetEndpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).post("/share-target", use: shareTarget)
    }

    func form(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let query = request.uri.queryParameters
        let fields = SharedFields(title: query.get("title"), text: query.get("text"), url: query.get("url"))
        return try await page(fields, identity: identity, context: context, source: .web)
    }

    func save(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let form = context.formData
        let source = form["source"].flatMap(ShareSource.init(rawValue:)) ?? .web
        let fields = form["content"].map(SharedFields.init(content:))
            ?? SharedFields(title: form["title"], text: form["text"], url: form["url"])
        do {
            let item = try await store(fields, form: form, identity: identity, source: source)
            let wall = try await web.store.wall(ref: item.wallId.lowercasedText, userID: identity.userID)
            return web.redirect("/w/\(wall?.slug ?? DefaultWall.slug)?notice=saved")
        } catch let error as ValidationError {
            return try await page(
                fields, identity: identity, context: context, source: source, error: error.message, form: form
            )
        }
    }

    func shareTarget(_ request: Request, context: WallRequestContext) async throws -> Response {
        let form = context.formData
        let fields = SharedFields(title: form["title"], text: form["text"], url: form["url"])
        guard let identity = context.identity, identity.sessionID != nil else {
            let query = QueryString.make([("url", fields.url), ("title", fields.title), ("text", fields.text)])
            throw WebError.signInRequired(next: "/share" + query)
        }
        let madeByPerson = request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "none"
        guard context.csrfVerified || madeByPerson else {
            return try await page(fields, identity: identity, context: context, source: .webShareTarget)
        }
        do {
            _ = try await store(fields, form: form, identity: identity, source: .webShareTarget)
            return web.redirect("/?notice=saved")
        } catch let error as ValidationError {
            return try await page(
                fields, identity: identity, context: context, source: .webShareTarget, error: error.message
            )
        }
    }

    // MARK: Helpers

    private func store(_ fields: SharedFields, form: FormData, identity: Identity, source: ShareSource) async throws -> Item {
        let id = form["id"].flatMap { UUID(text: $0) } ?? UUID()
        let request = fields.shareRequest(
            id: id, note: form["note"], tags: form["tags"].map(TagField.split), wall: form["wall"], source: source
        )
        return try await web.store.saveShare(try request.validated(), userID: identity.userID).item
    }

    private func page(
        _ fields: SharedFields, identity: Identity, context: WallRequestContext, source: ShareSource,
        error: String? = nil, form: FormData = FormData()
    ) async throws -> Response {
        let (chrome, walls) = try await web.chrome(identity, context: context, title: "Save", page: "share")
        let chosen = form["wall"] ?? walls.first(where: \.isDefault)?.slug
        var view = SharePageView(chrome: chrome, shareID: form["id"] ?? UUID().uuidString)
        view.urlValue = fields.url ?? ""
        view.titleValue = fields.title ?? ""
        view.textValue = fields.text ?? ""
        view.noteValue = form["note"] ?? ""
        view.tagsValue = form["tags"] ?? ""
        view.source = source.rawValue
        view.wallOptions = walls.map { WallOption(slug: $0.slug, name: $0.name, selected: $0.slug == chosen) }
        view.formError = error
        return web.html(view, status: error == nil ? .ok : .badRequest)
    }
}
