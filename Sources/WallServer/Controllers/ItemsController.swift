import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore

/// `/v1/items`: read, list, search, edit and delete the caller's items.
struct ItemsController {
    let store: any WallStore
    /// Fetches a link's page again (`POST /v1/items/{id}/refresh`).
    let refresher: LinkRefresher

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get(use: list)
        routes.get(":id", use: show)
        routes.patch(":id", use: update)
        routes.delete(":id", use: delete)
        routes.post(":id/refresh", use: refresh)
        return routes
    }

    func list(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<ItemPage> {
        let identity = try context.requireIdentity()
        let parameters = request.uri.formParameters
        var query = try ItemQuery(parameters: parameters)
        try await query.applySavedSearch(parameters.get("search"), store: store, userID: identity.userID)
        return WrittenJSON(try await store.items(matching: query, userID: identity.userID))
    }

    /// `GET /v1/items/{id}`: the item, with its page's readable text when enrichment kept one
    /// and the text recognised in its picture or scan.
    func show(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<Item> {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        guard var item = try await store.item(id: id, userID: identity.userID) else { throw APIError.notFound("item") }
        if item.preview != nil {
            item.preview?.readableText = try await store.readableText(itemID: id, userID: identity.userID)
        }
        if item.file != nil {
            let recognition = try await store.recognition(itemID: id, userID: identity.userID)
            item.recognizedText = recognition.text
            item.recognitionError = recognition.failure
        }
        return WrittenJSON(item)
    }

    func update(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<Item> {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        let patch = try await request.decode(as: ItemPatch.self, context: context).validated()
        return WrittenJSON(try await store.updateItem(id: id, userID: identity.userID, patch: patch))
    }

    func delete(_ request: Request, context: WallRequestContext) async throws -> HTTPResponse.Status {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        guard try await store.deleteItem(id: id, userID: identity.userID) else { throw APIError.notFound("item") }
        return .noContent
    }
}

extension WallRequestContext {
    /// A route parameter that must be a UUID; anything else is simply not found.
    func uuidParameter(_ name: String, naming what: String) throws -> UUID {
        guard let id = parameters.get(name, as: UUID.self) else { throw APIError.notFound(what) }
        return id
    }
}
