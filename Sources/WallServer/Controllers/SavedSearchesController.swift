import Foundation
import Hummingbird
import WallCore
import WallStore

/// `/v1/searches`: the caller's saved searches (smart walls): make, list, show (by id or slug),
/// rename or re-ask, delete. What one matches is `GET /v1/items?search=ID`.
struct SavedSearchesController {
    let store: any WallStore

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get(use: list)
        routes.post(use: create)
        routes.get(":id", use: show)
        routes.patch(":id", use: update)
        routes.delete(":id", use: delete)
        return routes
    }

    func list(_ request: Request, context: WallRequestContext) async throws -> JSONBody<SavedSearchList> {
        let identity = try context.requireIdentity()
        return JSONBody(SavedSearchList(searches: try await store.savedSearches(userID: identity.userID)))
    }

    func create(_ request: Request, context: WallRequestContext) async throws -> JSONBody<SavedSearch> {
        let identity = try context.requireIdentity()
        let change = try await request.decode(as: SavedSearchRequest.self, context: context).validatedForCreating()
        return JSONBody(try await store.createSavedSearch(change, userID: identity.userID), status: .created)
    }

    func show(_ request: Request, context: WallRequestContext) async throws -> JSONBody<SavedSearch> {
        let identity = try context.requireIdentity()
        return JSONBody(try await savedSearch(context, userID: identity.userID))
    }

    func update(_ request: Request, context: WallRequestContext) async throws -> JSONBody<SavedSearch> {
        let identity = try context.requireIdentity()
        let current = try await savedSearch(context, userID: identity.userID)
        let change = try await request.decode(as: SavedSearchRequest.self, context: context).validatedForChanging()
        return JSONBody(try await store.updateSavedSearch(id: current.id, change: change, userID: identity.userID))
    }

    func delete(_ request: Request, context: WallRequestContext) async throws -> HTTPResponse.Status {
        let identity = try context.requireIdentity()
        let current = try await savedSearch(context, userID: identity.userID)
        guard try await store.deleteSavedSearch(id: current.id, userID: identity.userID) else { throw APIError.notFound("search") }
        return .noContent
    }

    private func savedSearch(_ context: WallRequestContext, userID: UUID) async throws -> SavedSearch {
        guard let ref = context.parameters.get("id"), let search = try await store.savedSearch(ref: ref, userID: userID)
        else { throw APIError.notFound("search") }
        return search
    }
}

extension ItemQuery {
    /// The query with the saved search `ref` (`?search=`, its id or slug) in force: its clauses
    /// before `q`'s, all of which must match; 404 naming `search` when the caller has none by it.
    mutating func applySavedSearch(_ ref: String?, store: any WallStore, userID: UUID) async throws {
        guard let ref, !ref.isEmpty else { return }
        guard let saved = try await store.savedSearch(ref: ref, userID: userID) else {
            throw APIError(.notFound, .notFound, "No such saved search.", field: "search")
        }
        // Stored only once the language read it; a query that no longer parses adds nothing.
        let expression = saved.expression ?? SearchExpression(clauses: [])
        search = SearchExpression(clauses: expression.clauses + (search?.clauses ?? []))
    }
}
