import Foundation

/// Reads counters from a running server's `/metrics` (Prometheus text).
enum ServerMetrics {
    /// The sum of `dwall_http_requests_total` samples whose labels include all of `labels`.
    static func requests(_ server: ServerProcess, labels: [String: String]) async throws -> Int {
        let reply = try await HTTPClient(baseURL: server.baseURL).send("GET", "/metrics")
        let text = String(decoding: reply.body, as: UTF8.self)
        var total = 0.0
        for line in text.split(separator: "\n") where line.hasPrefix("dwall_http_requests_total{") {
            let matches = labels.allSatisfy { line.contains("\($0.key)=\"\($0.value)\"") }
            if matches, let value = line.split(separator: " ").last.flatMap({ Double($0) }) { total += value }
        }
        return Int(total)
    }
}
