import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Prometheus
import WallCore
import WallEnrich

/// `GET /healthz` (also the framework-ceiling route of the benchmark) and `GET /metrics`.
///
/// `/metrics` (route names, counts, timings) is not for strangers: with `--metrics-token` it
/// asks for that bearer token, without it answers callers on the same machine (loopback) only;
/// anyone else gets 404, as for a route that is not there.
struct SystemController {
    let registry: PrometheusCollectorRegistry
    let metricsToken: String?

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("healthz", use: health)
        routes.get("metrics", use: metrics)
        return routes
    }

    func health(_ request: Request, context: WallRequestContext) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(staticString: "{\"status\":\"ok\"}"))
        )
    }

    func metrics(_ request: Request, context: WallRequestContext) throws -> Response {
        guard mayReadMetrics(request, context: context) else { throw APIError.notFound("route") }
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    private func mayReadMetrics(_ request: Request, context: WallRequestContext) -> Bool {
        if let metricsToken {
            guard let bearer = request.bearerToken else { return false }
            return ConstantTime.equal(bearer, metricsToken)
        }
        // Behind a proxy on the same machine every peer is loopback: a request that says it was
        // forwarded is not taken for a local one (a trusted proxy's client is the peer address).
        let forwarded: [HTTPField.Name] = [.xForwardedFor, HTTPField.Name("Forwarded")!, HTTPField.Name("X-Real-IP")!]
        guard context.forwardedClientAddress != nil || forwarded.allSatisfy({ request.headers[$0] == nil }) else { return false }
        // No peer at all: a request made in-process (router tests), never one from the network.
        guard context.remoteAddress != nil else { return true }
        guard let peer = IPAddress(context.peerAddress) else { return false }
        switch peer {
        case .v4(let a, _, _, _): return a == 127
        case .v6: return peer.description == "::1" || peer.description.hasPrefix("::ffff:127.")
        }
    }
}
