import Foundation
import NIOCore
import NIOPosix

/// Why reading an event stream stopped.
enum SSEClientError: Error, Equatable {
    /// The deadline passed before the test finished reading.
    case timedOut
    /// The server ended the stream (or closed the connection) while an event was awaited.
    case ended
    /// The response could not be read as HTTP/1.1.
    case malformed(String)
}

/// A bare HTTP/1.1 client for event streams over a real socket.
///
/// HummingbirdTesting's client hands back a response only once its body is complete, which an
/// event stream never is; this one reads the (chunked) body as it arrives. Every use runs under
/// a deadline: when it passes, the reader is cancelled and the test fails with `timedOut` instead
/// of hanging.
enum SSEClient {
    /// Opens `GET path` with a bearer token, reads the response head, and runs `body` with a reader.
    static func withStream<Value: Sendable>(
        port: Int, path: String = "/v1/events", token: String, lastEventID: String? = nil,
        timeout: Duration = .seconds(60), _ body: @escaping @Sendable (inout SSEReader) async throws -> Value
    ) async throws -> Value {
        let (bytes, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteCollector(continuation))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        do {
            var request = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
            request += "Authorization: Bearer \(token)\r\n"
            if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
            request += "\r\n"
            try await channel.writeAndFlush(ByteBuffer(string: request)).get()
            let value = try await withThrowingTaskGroup(of: Value.self) { group in
                group.addTask {
                    var reader = SSEReader(bytes)
                    try await reader.readHead()
                    return try await body(&reader)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw SSEClientError.timedOut
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            try? await channel.close().get()
            return value
        } catch {
            try? await channel.close().get()
            throw error
        }
    }
}

/// Hands every byte the socket receives to an `AsyncStream`, and finishes it when the socket closes.
private final class ByteCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let continuation: AsyncStream<ByteBuffer>.Continuation

    init(_ continuation: AsyncStream<ByteBuffer>.Continuation) { self.continuation = continuation }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        continuation.finish()
        context.close(promise: nil)
    }
}
