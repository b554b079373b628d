import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production transport: one `URLSession`, ephemeral (no cookies, no cache).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Makes a transport that keeps at most `maxConnections` connections to the server.
    public init(maxConnections: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnections
        configuration.timeoutIntervalForRequest = 30
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// Sends the request with `URLSession`.
    public func send(_ message: HTTPRequestMessage) async throws -> HTTPResponseMessage {
        var request = URLRequest(url: message.url)
        request.httpMethod = message.method
        request.httpBody = message.body
        for (name, value) in message.headers { request.setValue(value, forHTTPHeaderField: name) }
        if let timeout = message.timeout { request.timeoutInterval = max(0.1, timeout.seconds) }
        let (data, response) = try await session.cancellableData(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return HTTPResponseMessage(status: http.statusCode, headers: headers, body: data)
    }
}
