import Foundation
import Hummingbird
import WallCore
import Logging

/// Requires `Authorization: Bearer <token>` on the routes behind it and rate-limits each token.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    let authenticator: TokenAuthenticator
    let limiter: RateLimiter<UUID>?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = request.bearerToken else { throw APIError.unauthorized() }
        guard let identity = try await authenticator.identity(forToken: token) else {
            throw APIError.unauthorized("The token is unknown or has been revoked.")
        }
        if let limiter, let retryAfter = limiter.take(identity.tokenID) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        var context = context
        context.identity = identity
        return try await next(request, context)
    }
}

extension Request {
    /// The token of an `Authorization: Bearer …` header, if there is one.
    var bearerToken: String? {
        guard let header = headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingWhitespace()
        return token.isEmpty ? nil : String(token)
    }
}
