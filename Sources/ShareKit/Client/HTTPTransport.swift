/// Sends one HTTP request and returns the whole response: `URLSession` in production, canned
/// responses in tests.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws only when no response arrived (offline, refused, timed out, cancelled).
    func send(_ request: HTTPRequestMessage) async throws -> HTTPResponseMessage
}
