import Foundation
import Hummingbird
import WallCore
import WallStore

/// `POST /api/save`: the older `{url, title?, source, auth_token?}` shape, on the same path as
/// `POST /v1/share`. The token may come in the body for clients that can't set headers.
struct LegacySaveController {
    let store: any WallStore
    let authenticator: TokenAuthenticator
    let limiter: RateLimiter<UUID>?
    let metrics: WallMetrics

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).post(use: save)
    }

    func save(_ request: Request, context: WallRequestContext) async throws -> JSONBody<LegacySaveResponse> {
        let body = try await request.decode(as: LegacySaveRequest.self, context: context)
        guard let token = request.bearerToken ?? body.authToken, !token.isEmpty else { throw APIError.unauthorized() }
        guard let identity = try await authenticator.identity(forToken: token) else {
            throw APIError.unauthorized("The token is unknown or has been revoked.")
        }
        if let limiter, let retryAfter = limiter.take(identity.credentialID) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
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
