import Foundation

/// Opens a request whose body keeps coming (server-sent events): `URLSession` in production,
/// scripted chunks in tests.
public protocol StreamingTransport: Sendable {
    /// Sends `request`; returns once the response has begun, with its status and headers, and
    /// the body as it arrives. Cancelling the iteration closes the connection.
    func open(_ request: HTTPRequestMessage) async throws -> StreamingResponse
}

/// A response whose body is still arriving.
public struct StreamingResponse: Sendable {
    /// The status and headers (the body is empty here; it comes in `chunks`).
    public var head: HTTPResponseMessage
    /// The body, chunk by chunk; it ends when the server closes the stream.
    public var chunks: AsyncThrowingStream<Data, any Error>

    /// Makes a response.
    public init(head: HTTPResponseMessage, chunks: AsyncThrowingStream<Data, any Error>) {
        self.head = head
        self.chunks = chunks
    }

    /// The whole body, for an error answer (which is short).
    public func collected() async throws -> HTTPResponseMessage {
        var response = head
        for try await chunk in chunks { response.body.append(chunk) }
        return response
    }
}
