import Foundation
import Hummingbird
import Metrics

/// Counts requests and times them, labelled by method, route pattern and status.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let factory: any MetricsFactory

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let route = context.endpointPath ?? "unmatched"
        let method = request.method.rawValue
        Counter(
            label: "dwall_http_requests_total",
            dimensions: [("method", method), ("route", route), ("status", String(response.status.code))],
            factory: factory
        ).increment()
        Metrics.Timer(
            label: "dwall_http_request_duration_seconds", dimensions: [("method", method), ("route", route)],
            preferredDisplayUnit: .seconds, factory: factory
        ).recordInterval(since: start)
        return response
    }
}

extension Metrics.Timer {
    func recordInterval(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
