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

    /// Sends the request with `URLSession`; its `timeout` bounds the whole exchange, not only
    /// each wait for bytes (`URLRequest.timeoutInterval` is an idle timer: an answer that keeps
    /// trickling in never meets it), and ends it with `URLError(.timedOut)`.
    public func send(_ message: HTTPRequestMessage) async throws -> HTTPResponseMessage {
        var request = URLRequest(url: message.url)
        request.httpMethod = message.method
        request.httpBody = message.body
        for (name, value) in message.headers { request.setValue(value, forHTTPHeaderField: name) }
        guard let timeout = message.timeout else { return try await Self.exchange(request, on: session) }
        request.timeoutInterval = max(0.1, timeout.seconds)
        let (prepared, session) = (request, session)
        return try await withThrowingTaskGroup(of: HTTPResponseMessage.self) { group in
            group.addTask { try await Self.exchange(prepared, on: session) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw URLError(.timedOut) }
            return first
        }
    }

    /// One request and its whole answer.
    private static func exchange(_ request: URLRequest, on session: URLSession) async throws -> HTTPResponseMessage {
        let (data, response) = try await session.cancellableData(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return HTTPResponseMessage(status: http.statusCode, headers: headers, body: data)
    }
}
