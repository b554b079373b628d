import Foundation
import Hummingbird
import Logging
import WallCore
import WallStore

/// Who may use the API routes behind it: a caller with `Authorization: Bearer <token>`, or (where
/// `sessions` is given) a signed-in browser with the web wall's session cookie. Each credential
/// is rate limited on its own.
///
/// A session cookie is sent by the browser on its own, so it only counts for a request that
/// changes something when the request also carries the page's CSRF token in `X-CSRF-Token`;
/// without it the request is treated as one with no credentials at all (401).
struct APIAuthMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    let authenticator: TokenAuthenticator
    let sessions: SessionAuthenticator?
    let limiter: RateLimiter<UUID>?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let identity: Identity
        if let token = request.bearerToken {
            guard let found = try await authenticator.identity(forToken: token) else {
                throw APIError.unauthorized("The token is unknown or has been revoked.")
            }
            identity = found
        } else if let sessions, let secret = request.sessionSecret {
            guard let session = try await sessions.session(forSecret: secret) else {
                throw APIError.unauthorized("The session has ended; sign in again.")
            }
            if !request.method.isSafe, !CSRFToken.verify(request.headers[CSRFToken.header], secret: secret) {
                throw APIError.unauthorized("Send the page's CSRF token in X-CSRF-Token along with the session cookie.")
            }
            identity = Identity(userID: session.userID, credential: .session(session.id))
        } else {
            throw APIError.unauthorized()
        }
        if let limiter, let retryAfter = limiter.take(identity.credentialID) {
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

extension HTTPRequest.Method {
    /// Whether the method only reads (GET, HEAD, OPTIONS): those need no CSRF token.
    var isSafe: Bool { self == .get || self == .head || self == .options }
}
