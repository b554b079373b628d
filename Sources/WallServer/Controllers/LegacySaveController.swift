import Foundation
import Hummingbird
import WallCore
import WallStore

/// `POST /api/save`: the older `{url, title?, source, auth_token?}` shape, on the same path as
/// `POST /v1/share`. The token may come in the body for clients that can't set headers. The
/// same fields may come as `multipart/form-data` with file parts (see `saveForm`).
struct LegacySaveController: Sendable {
    let store: any WallStore
    let authenticator: TokenAuthenticator
    let limiter: RateLimiter<UUID>?
    let metrics: WallMetrics
    /// Saves file parts, on the same path as a multipart `POST /v1/share`.
    let files: FileShareSaver

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).post(use: save)
    }

    func save(_ request: Request, context: WallRequestContext) async throws -> JSONBody<LegacySaveResponse> {
        if let boundary = FileShareSaver.boundary(of: request) { return try await saveForm(request, boundary: boundary) }
        let body = try await request.decode(as: LegacySaveRequest.self, context: context)
        let identity = try await authorize(request.bearerToken ?? body.authToken)
        let share = try body.shareRequest(now: Date())
        let outcome = try await store.saveShare(try share.validated(), userID: identity.userID)
        metrics.count(outcome)
        let reply = ShareReply(shareID: share.id, outcome: outcome)
        return JSONBody(
            LegacySaveResponse(id: outcome.item.id, status: reply.status, message: reply.message),
            status: reply.httpStatus
        )
    }
}

extension LegacySaveController {
    /// The caller behind `token` (the header's, else the body's), counted by the rate limit.
    func authorize(_ token: String?) async throws -> Identity {
        guard let token, !token.isEmpty else { throw APIError.unauthorized() }
        guard let identity = try await authenticator.identity(forToken: token) else {
            throw APIError.unauthorized("The token is unknown or has been revoked.")
        }
        if let limiter, let retryAfter = limiter.take(identity.credentialID) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        return identity
    }
}
