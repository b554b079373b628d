import Foundation
import Hummingbird
import Metrics
import WallCore

/// Counts requests and times them, labelled by method, route pattern and status.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: RequestMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        metrics.record(
            method: RequestMetrics.label(for: request.method), route: context.endpointPath ?? "unmatched",
            status: response.status.code,
            elapsed: ContinuousClock.now - start
        )
        return response
    }
}

/// The request counters and timers, made once per label set (making them per request meant a
/// registry lookup each time).
final class RequestMetrics: Sendable {
    private struct CounterKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    private struct TimerKey: Hashable {
        var method: String
        var route: String
    }

    private let factory: any MetricsFactory
    private let counters = Locked([CounterKey: Counter]())
    private let timers = Locked([TimerKey: Metrics.Timer]())

    init(factory: any MetricsFactory) { self.factory = factory }

    /// The method as a label; clients may send any method name, so unknown ones are "other"
    /// (or the label sets, and memory, would grow without bound).
    static func label(for method: HTTPRequest.Method) -> String {
        switch method {
        case .get, .head, .post, .put, .patch, .delete, .options: method.rawValue
        default: "other"
        }
    }

    func record(method: String, route: String, status: Int, elapsed: Duration) {
        let counterKey = CounterKey(method: method, route: route, status: status)
        let counter = counters.withLock { counters in
            if let counter = counters[counterKey] { return counter }
            let counter = Counter(
                label: "dwall_http_requests_total",
                dimensions: [("method", method), ("route", route), ("status", String(status))], factory: factory
            )
            counters[counterKey] = counter
            return counter
        }
        let timerKey = TimerKey(method: method, route: route)
        let timer = timers.withLock { timers in
            if let timer = timers[timerKey] { return timer }
            let timer = Metrics.Timer(
                label: "dwall_http_request_duration_seconds", dimensions: [("method", method), ("route", route)],
                preferredDisplayUnit: .seconds, factory: factory
            )
            timers[timerKey] = timer
            return timer
        }
        counter.increment()
        timer.recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
