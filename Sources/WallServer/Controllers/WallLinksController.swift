import Foundation
import Hummingbird
import NIOFoundationCompat
import WallApp
import WallCore
import WallStore

/// `/v1/walls/{id}/links`: a wall's secret links. Its owner makes one (`201 {"id", "url", …}`,
/// the only time the secret is shown: only its SHA-256 is kept, as for API tokens), lists them
/// (without URLs) and revokes one, which stops its page, feed and pictures at once.
struct WallLinksController {
    let store: any WallStore
    /// `--public-url`, which links are made on when set (else the request's origin).
    let publicURL: URL?

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get(":id/links", use: list)
        routes.post(":id/links", use: create)
        routes.delete(":id/links/:linkID", use: revoke)
        return routes
    }

    func list(_ request: Request, context: WallRequestContext) async throws -> JSONBody<SecretWallLinkList> {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        return JSONBody(SecretWallLinkList(links: try await store.wallLinks(wallID: id, userID: identity.userID)))
    }

    func create(_ request: Request, context: WallRequestContext) async throws -> JSONBody<SecretWallLink> {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        let body = try await Self.body(request, context: context)
        let secret = SecretLink.generate()
        var link = try await store.createWallLink(
            wallID: id, secretHash: SecretLink.hash(secret), indexable: body.indexable ?? false, userID: identity.userID
        )
        link.url = request.origin(publicURL: publicURL) + SecretLink.path(secret)
        return JSONBody(link, status: .created)
    }

    func revoke(_ request: Request, context: WallRequestContext) async throws -> HTTPResponse.Status {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        let linkID = try context.uuidParameter("linkID", naming: "link")
        guard try await store.revokeWallLink(id: linkID, wallID: id, userID: identity.userID) else {
            throw APIError.notFound("link")
        }
        return .noContent
    }

    /// The request's options; an empty body asks for the defaults.
    private static func body(_ request: Request, context: WallRequestContext) async throws -> SecretWallLinkRequest {
        try WallRequestDecoder.requireJSON(request)
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        guard body.readableBytes > 0 else { return SecretWallLinkRequest() }
        do {
            return try WallCoders.decoder.decode(SecretWallLinkRequest.self, from: body)
        } catch let error as DecodingError {
            throw error.validationError
        }
    }

    /// The id of the wall the route names by id or slug; 404 when the caller has no such wall.
    private func wallID(_ context: WallRequestContext, userID: UUID) async throws -> UUID {
        try await WallsController(store: store).wallID(context, userID: userID)
    }
}
