import Foundation
import Hummingbird
import WallCore
import WallStore

/// `/v1/walls`: list, make, rename, reorder and delete the caller's walls (by id or slug), and
/// share them (`WallsController+Members`).
struct WallsController {
    let store: any WallStore

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get(use: list)
        routes.post(use: create)
        routes.get(":id", use: show)
        routes.patch(":id", use: update)
        routes.delete(":id", use: delete)
        routes.get(":id/members", use: members)
        routes.post(":id/members", use: addMember)
        routes.patch(":id/members/:username", use: changeMember)
        routes.delete(":id/members/:username", use: removeMember)
        return routes
    }

    func list(_ request: Request, context: WallRequestContext) async throws -> JSONBody<WallList> {
        let identity = try context.requireIdentity()
        return JSONBody(WallList(walls: try await store.walls(userID: identity.userID)))
    }

    func create(_ request: Request, context: WallRequestContext) async throws -> JSONBody<Wall> {
        let identity = try context.requireIdentity()
        let change = try await request.decode(as: WallCreateRequest.self, context: context).validated()
        return JSONBody(try await store.createWall(change, userID: identity.userID), status: .created)
    }

    /// One wall, by id or slug.
    func show(_ request: Request, context: WallRequestContext) async throws -> JSONBody<Wall> {
        let identity = try context.requireIdentity()
        guard let ref = context.parameters.get("id"), let wall = try await store.wall(ref: ref, userID: identity.userID)
        else { throw APIError.notFound("wall") }
        return JSONBody(wall)
    }

    func update(_ request: Request, context: WallRequestContext) async throws -> JSONBody<Wall> {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        let change = try await request.decode(as: WallPatchRequest.self, context: context).validated()
        return JSONBody(try await store.updateWall(id: id, change: change, userID: identity.userID))
    }

    /// Deletes a wall; one that holds items needs `?moveTo=WALL` or `?deleteItems=true`.
    func delete(_ request: Request, context: WallRequestContext) async throws -> HTTPResponse.Status {
        let identity = try context.requireIdentity()
        let disposal = try Self.disposal(request.uri.queryParameters)
        let id = try await wallID(context, userID: identity.userID)
        try await store.deleteWall(id: id, userID: identity.userID, disposal: disposal)
        return .noContent
    }

    /// What `?moveTo=` / `?deleteItems=` ask for the items of a wall being deleted.
    static func disposal(_ query: Parameters) throws -> WallDisposal {
        switch (query.get("moveTo"), query.get("deleteItems")) {
        case (nil, nil), (nil, "false"): return .refuse
        case (nil, "true"): return .deleteItems
        case (nil, _?): throw ValidationError.invalid("deleteItems", "deleteItems must be true or false.")
        case ("", _): throw ValidationError.invalid("moveTo", "moveTo must name a wall (its id or slug).")
        case (let target?, nil): return .moveTo(target)
        case (_?, _?): throw ValidationError.invalid("moveTo", "Pass either moveTo or deleteItems, not both.")
        }
    }

    /// The id of the wall the route names by id or slug; 404 when the caller has no such wall.
    func wallID(_ context: WallRequestContext, userID: UUID) async throws -> UUID {
        guard let ref = context.parameters.get("id") else { throw APIError.notFound("wall") }
        if let id = UUID(text: ref) { return id }
        guard let wall = try await store.wall(ref: ref, userID: userID) else { throw APIError.notFound("wall") }
        return wall.id
    }
}
