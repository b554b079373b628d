import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP server on 127.0.0.1, started by a test, that answers each request with the next reply
/// of its script (the last one once the script runs out) and records what it was sent: a store
/// that is busy, refuses, or recovers, which moto cannot be made to be.
final class ScriptedS3Server: Sendable {
    /// One answer: a status, and an S3 XML error code (for a failure) or a body (for a success).
    struct Reply: Sendable {
        var status: HTTPResponseStatus
        var errorCode: String?
        var body = ""

        /// A 200 with an empty body.
        static let ok = Reply(status: .ok)
    }

    /// What one request carried that a test checks.
    struct Received: Sendable, Equatable {
        var method: String
        var uri: String
        var host: String
        var signed: Bool
        var bodyBytes: Int
    }

    let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let log: RequestLog

    init(script: [Reply]) async throws {
        let log = RequestLog(script: script)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bound = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(log: log))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.log = log
        channel = bound
        port = bound.localAddress?.port ?? 0
    }

    /// The server's address, as an S3 endpoint.
    var endpoint: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in order.
    var received: [Received] { log.all }

    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }

    /// The script's position and the requests seen, shared by the connections' handlers.
    private final class RequestLog: @unchecked Sendable {
        private let lock = NSLock()
        private let script: [Reply]
        private var requests: [Received] = []

        init(script: [Reply]) { self.script = script }

        var all: [Received] { lock.withLock { requests } }

        /// Records a request and returns the reply it gets.
        func answer(_ request: Received) -> Reply {
            lock.withLock {
                requests.append(request)
                return script[min(requests.count, script.count) - 1]
            }
        }
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private let log: RequestLog
        private var request = Received(method: "", uri: "", host: "", signed: false, bodyBytes: 0)

        init(log: RequestLog) { self.log = log }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                request = Received(
                    method: head.method.rawValue, uri: head.uri, host: head.headers.first(name: "Host") ?? "",
                    signed: head.headers.first(name: "Authorization")?.hasPrefix("AWS4-HMAC-SHA256 ") == true, bodyBytes: 0
                )
            case .body(let bytes):
                request.bodyBytes += bytes.readableBytes
            case .end:
                respond(context: context, reply: log.answer(request))
            }
        }

        private func respond(context: ChannelHandlerContext, reply: Reply) {
            let body = reply.errorCode.map {
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>\($0)</Code><Message>scripted</Message></Error>"
            } ?? reply.body
            var headers = HTTPHeaders([("Content-Length", "\(body.utf8.count)")])
            if reply.errorCode != nil { headers.add(name: "Content-Type", value: "application/xml") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
