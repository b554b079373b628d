import Foundation
import Hummingbird
import NIOCore
import Prometheus

/// `GET /healthz` (also the framework-ceiling route of the benchmark) and `GET /metrics`.
struct SystemController {
    let registry: PrometheusCollectorRegistry

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

    func metrics(_ request: Request, context: WallRequestContext) -> Response {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
