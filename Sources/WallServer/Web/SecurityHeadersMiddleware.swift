import HTTPTypes
import Hummingbird

/// Headers every page and static file carries: a Content-Security-Policy that allows no inline
/// script or style and images only from this server, no framing, no MIME sniffing, no
/// referrer sent to other sites, and no handle on these pages for the site that opened them
/// (the bookmarklet opens the share page from any site; `Cross-Origin-Opener-Policy`).
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    static let policy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self'",
        "connect-src 'self'", "font-src 'self'", "manifest-src 'self'", "worker-src 'self'",
        "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        return response
    }
}
