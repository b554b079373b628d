import HTTPTypes
import Hummingbird

/// Takes the client's address from `X-Forwarded-For` when the peer is a trusted proxy
/// (`--trusted-proxy`); from anyone else the header is ignored, so a client cannot choose the
/// address its per-address limits count by.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    let proxies: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !proxies.isEmpty, let peer = context.remoteAddress?.ipAddress else { return try await next(request, context) }
        var context = context
        let forwarded = request.headers[values: .xForwardedFor]
        let client = proxies.clientAddress(peer: peer, forwardedFor: forwarded)
        if client != peer { context.forwardedClientAddress = client }
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-For`: the addresses a request passed through, the client's first.
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
