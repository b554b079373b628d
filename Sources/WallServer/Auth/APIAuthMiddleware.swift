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
        headers[.authorization].flatMap(Self.bearerToken(in:))
    }

    /// The token of an `Authorization` header's value: `Bearer <token>` as clients send it is
    /// read byte by byte (every request passes here), any other spelling word by word.
    static func bearerToken(in header: String) -> String? {
        let prefix = "Bearer ".utf8
        let token = header.utf8.dropFirst(prefix.count)
        if header.utf8.starts(with: prefix), !token.isEmpty, token.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) {
            return String(Substring(token))
        }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let trimmed = parts[1].trimmingWhitespace()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}

extension HTTPRequest.Method {
    /// Whether the method only reads (GET, HEAD, OPTIONS): those need no CSRF token.
    var isSafe: Bool { self == .get || self == .head || self == .options }
}
