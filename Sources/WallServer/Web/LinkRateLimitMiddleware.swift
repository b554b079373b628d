import Foundation
import Hummingbird

/// Limits what one client address may ask of secret-link routes (pages, feeds, pictures):
/// beyond its bucket, `429` with `Retry-After`. Nobody signs in there, so the address is the
/// only key; behind a trusted proxy it is the forwarded one (`ClientAddressMiddleware`).
struct LinkRateLimitMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    let limiter: RateLimiter<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let wait = limiter.take(context.peerAddress) { throw APIError.rateLimited(retryAfter: wait) }
        return try await next(request, context)
    }
}
