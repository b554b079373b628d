import Foundation
import HTTPTypes
import Hummingbird
import WallCore
import WallStore
import WallWeb

/// Saving from the browser without the script: the share box (`POST /share`), the page the
/// bookmarklet opens (`GET /share?url=&title=&text=`, whose form may carry files), and the PWA
/// share target (`POST /share-target`, multipart or urlencoded `title`, `text`, `url`).
///
/// A share target's POST comes from the browser's share sheet, which can't carry a CSRF token.
/// It is saved at once only when it carries one, or when the browser marks it as made by the
/// person rather than by a page (`Sec-Fetch-Site: none`); any other POST (another site's form)
/// only shows the share page, filled in, for the person to confirm. Files shared along are stored
/// as a multipart `POST /v1/share` stores them (`SharePageController+Files`). (With the service
/// worker installed, it takes the share target's POSTs itself and sends them through the API.)
struct SharePageController {
    let web: WebApp

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get("/share", use: form)
    }

    /// Mounted behind a middleware that leaves a multipart body (with files) for `save` to read
    /// and check its CSRF field as it streams (`SharePageController+Files`).
    var savingEndpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).post("/share", use: save)
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
        if context.form == nil, let boundary = FileShareSaver.boundary(of: request) {
            return try await streamedSave(request, boundary: boundary, identity: identity, context: context)
        }
        let form = context.formData
        let source = form["source"].flatMap(ShareSource.init(rawValue:)) ?? .web
        let fields = form["content"].map(SharedFields.init(content:))
            ?? SharedFields(title: form["title"], text: form["text"], url: form["url"])
        return try await saveFields(fields, form: form, identity: identity, context: context, source: source)
    }

    /// Saves the share box's or the share page's fields: the wall it went to, or the page again
    /// with what was wrong.
    func saveFields(
        _ fields: SharedFields, form: FormData, identity: Identity, context: WallRequestContext, source: ShareSource
    ) async throws -> Response {
        do {
            let item = try await store(fields, form: form, identity: identity, source: source)
            return try await savedRedirect(to: item, identity: identity)
        } catch let error as ValidationError {
            return try await page(
                fields, identity: identity, context: context, source: source, error: error.message, form: form
            )
        }
    }

    /// The wall `item` is on, saying it was saved.
    func savedRedirect(to item: Item?, identity: Identity) async throws -> Response {
        var slug = DefaultWall.slug
        if let item, let wall = try await web.store.wall(ref: item.wallId.lowercasedText, userID: identity.userID) {
            slug = wall.ref
        }
        return web.redirect("/w/\(slug)?notice=saved")
    }

    func shareTarget(_ request: Request, context: WallRequestContext) async throws -> Response {
        if context.form == nil, let boundary = FileShareSaver.boundary(of: request) {
            return try await streamedShareTarget(request, boundary: boundary, context: context)
        }
        let form = context.formData
        let fields = SharedFields(title: form["title"], text: form["text"], url: form["url"])
        guard let identity = context.identity, identity.sessionID != nil else {
            throw WebError.signInRequired(next: Self.sharePage(fields))
        }
        guard context.csrfVerified || Self.madeByPerson(request) else {
            return try await page(fields, identity: identity, context: context, source: .webShareTarget)
        }
        return try await saveShareTarget(fields, form: form, identity: identity, context: context)
    }

    /// Saves a confirmed share target's text fields: the page to go to next.
    func saveShareTarget(
        _ fields: SharedFields, form: FormData, identity: Identity, context: WallRequestContext
    ) async throws -> Response {
        do {
            _ = try await store(fields, form: form, identity: identity, source: .webShareTarget)
            return web.redirect("/?notice=saved")
        } catch let error as ValidationError {
            return try await page(
                fields, identity: identity, context: context, source: .webShareTarget, error: error.message
            )
        }
    }

    /// The share page filled in with what was shared (where a signed-out share goes after sign-in).
    static func sharePage(_ fields: SharedFields) -> String {
        "/share" + QueryString.make([("url", fields.url), ("title", fields.title), ("text", fields.text)])
    }

    /// Whether the browser marks the request as made by the person rather than by a page.
    static func madeByPerson(_ request: Request) -> Bool {
        request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "none"
    }

    // MARK: Helpers

    func store(_ fields: SharedFields, form: FormData, identity: Identity, source: ShareSource) async throws -> Item {
        let id = form["id"].flatMap { UUID(text: $0) } ?? UUID()
        let request = fields.shareRequest(
            id: id, note: form["note"], tags: form["tags"].map(TagField.split), wall: form["wall"], source: source
        )
        return try await web.store.saveShare(try request.validated(), userID: identity.userID).item
    }

    func page(
        _ fields: SharedFields, identity: Identity, context: WallRequestContext, source: ShareSource,
        error: String? = nil, form: FormData = FormData(), status: HTTPResponse.Status? = nil
    ) async throws -> Response {
        let (chrome, walls) = try await web.chrome(identity, context: context, title: "Save", page: "share")
        let chosen = form["wall"] ?? walls.first(where: \.isDefault)?.ref
        var view = SharePageView(chrome: chrome, shareID: form["id"] ?? UUID().uuidString)
        view.urlValue = fields.url ?? ""
        view.titleValue = fields.title ?? ""
        view.textValue = fields.text ?? ""
        view.noteValue = form["note"] ?? ""
        view.tagsValue = form["tags"] ?? ""
        view.source = source.rawValue
        view.wallOptions = walls.filter(\.acceptsShares).map {
            WallOption(slug: $0.ref, name: $0.pickerName, selected: $0.ref == chosen)
        }
        view.formError = error
        return web.html(view, status: status ?? (error == nil ? .ok : .badRequest))
    }
}
