import Foundation
import Hummingbird
import WallCore
import WallStore
import WallWeb

/// One item: `GET /items/{id}` shows it; `POST /items/{id}` edits its title, note, tags and wall;
/// `POST /items/{id}/delete` deletes it (the script instead waits a few seconds for an undo,
/// then deletes through the API).
struct ItemPageController {
    let web: WebApp

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/items/:id", use: show)
        routes.post("/items/:id", use: edit)
        routes.post("/items/:id/delete", use: delete)
        return routes
    }

    func show(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let item = try await item(context, identity)
        let notice = Notice(request.uri.queryParameters.get("notice"))
        return try await page(item, identity: identity, context: context, notice: notice)
    }

    func edit(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let current = try await item(context, identity)
        let form = context.formData
        let patch = ItemPatch(
            title: Self.edited("title", in: form).map { .set($0) } ?? .unchanged,
            userNote: Self.edited("note", in: form).map { .set($0) } ?? .unchanged,
            tags: Self.edited("tags", in: form).map { .set(TagField.split($0)) } ?? .unchanged,
            wall: Self.edited("wall", in: form).map { .set($0) } ?? .unchanged
        )
        do {
            _ = try await web.store.updateItem(id: current.id, userID: identity.userID, patch: patch.validated())
        } catch let error as ValidationError {
            return try await page(current, identity: identity, context: context, error: error.message, status: .badRequest)
        } catch StoreError.conflict(let message) {
            return try await page(current, identity: identity, context: context, error: message, status: .conflict)
        } catch StoreError.notFound("wall") {
            return try await page(current, identity: identity, context: context, error: "No such wall.", status: .badRequest)
        }
        return web.redirect("/items/\(current.id.uppercasedText)?notice=saved")
    }

    func delete(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let item = try await item(context, identity)
        let wall = try await web.store.wall(ref: item.wallId.lowercasedText, userID: identity.userID)
        _ = try await web.store.deleteItem(id: item.id, userID: identity.userID)
        return web.redirect("/w/\(wall?.ref ?? DefaultWall.slug)?notice=deleted")
    }

    // MARK: Helpers

    /// A field's value when the person changed it. The form also sends each field as the page
    /// showed it (`<name>_shown`); a field sent back as shown is left alone, so saving the form
    /// never writes what the page showed over a note, tags or a title that a share of the same
    /// link (or another tab) added since. Browsers send line breaks as CR LF.
    static func edited(_ name: String, in form: FormData) -> String? {
        guard let value = form[name] else { return nil }
        guard let shown = form[name + "_shown"] else { return value }
        let lines = { (text: String) in text.replacingOccurrences(of: "\r\n", with: "\n") }
        return lines(value) == lines(shown) ? nil : value
    }

    private func item(_ context: WallRequestContext, _ identity: Identity) async throws -> Item {
        guard let id = context.parameters.get("id", as: UUID.self),
              let item = try await web.store.item(id: id, userID: identity.userID)
        else { throw WebError.notFound("item") }
        return item
    }

    private func page(
        _ item: Item, identity: Identity, context: WallRequestContext, notice: Notice? = nil, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let walls = try await web.store.walls(userID: identity.userID)
        let wall = walls.first { $0.id == item.wallId }
        let slug = wall?.ref ?? DefaultWall.slug
        var (chrome, _) = try await web.chrome(
            identity, context: context, title: CardView.titleText(of: item, extras: .none), page: "item", wallSlug: slug
        )
        chrome.notice = notice?.text
        let card = CardView(item: item) { WallPageController.wallHref(slug, tag: $0) }
        var view = ItemPageView(
            chrome: chrome, card: card, titleValue: item.title ?? "", noteValue: item.userNote ?? "",
            tagsValue: item.tags.joined(separator: ", "),
            // An item moves only among its owner's walls (`WallAccess.requireMove`).
            wallOptions: walls.filter { $0.owner == wall?.owner && $0.acceptsShares }.map {
                WallOption(slug: $0.ref, name: $0.pickerName, selected: $0.id == item.wallId)
            },
            sourceLabel: Self.sourceLabel(item.source), backHref: "/w/\(slug)"
        )
        view.canChange = Self.canChange(item, on: wall, by: try await web.store.user(id: identity.userID)?.username)
        if item.kind == .text, let text = item.text { view.fullText = [TextPart(text)] }
        if item.kind == .url, item.preview != nil,
           let text = try await web.store.readableText(itemID: item.id, userID: identity.userID) {
            view.fullText = [TextPart(text)]
        }
        if item.file != nil {
            let recognition = try await web.store.recognition(itemID: item.id, userID: identity.userID)
            if let text = recognition.text, !text.isEmpty {
                view.recognizedText = [TextPart(text)]
                view.hasRecognizedText = true
            }
            view.recognitionFailure = recognition.failure
        }
        view.formError = error
        return web.html(view, status: status)
    }

    static func sourceLabel(_ source: ShareSource) -> String {
        switch source {
        case .iosShareExtension: "the iPhone"
        case .web: "the web"
        case .webShareTarget: "a share sheet"
        case .cli: "the command line"
        case .import: "an import"
        case .browserExtension: "the browser extension"
        case .api: "the API"
        }
    }
}

/// A comma-separated tags field as a form sends it.
enum TagField {
    /// The tags in `text`, split at commas (normalised later by the tag rules).
    static func split(_ text: String) -> [String] {
        text.split(separator: ",").map(String.init)
    }
}

extension ItemPageController {
    /// Whether the page offers to change `item`: on the person's own walls always; on a shared
    /// wall as their role allows (the store decides again on the change itself, `WallAccess`).
    static func canChange(_ item: Item, on wall: Wall?, by username: String?) -> Bool {
        switch wall?.role {
        case nil, .editor?: true
        case .contributor?: item.addedBy != nil && item.addedBy == username
        case .viewer?: false
        }
    }
}
