import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A web server on a loopback address, started by a test, serving the fixture pages: what a
/// shared link's site might send, good and bad.
final class FixtureServer: Sendable {
    /// The address the server listens on: 127.0.0.3, a loopback address of its own, so the
    /// fetcher's test policy can exempt exactly it while 127.0.0.1 stays refused.
    static let host = "127.0.0.3"

    let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup

    /// One response: a status, headers and the body, sent at once or dripped slowly.
    struct Reply: Sendable {
        var status: HTTPResponseStatus = .ok
        var headers: [(String, String)] = [("Content-Type", "text/html; charset=utf-8")]
        var body: [UInt8] = []
        /// Send the body one byte per this interval (a slow-drip response).
        var drip: TimeAmount?
        /// Leave out `Content-Length` (a chunked body whose size is unknown in advance).
        var chunked = false
    }

    init(routes: @escaping @Sendable (String, Int) -> Reply) async throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bound = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(routes: routes, port: { channel.localAddress?.port ?? 0 }))
                }
            }
            .bind(host: Self.host, port: 0).get()
        channel = bound
        port = bound.localAddress?.port ?? 0
    }

    /// The URL of a path on this server.
    func url(_ path: String) -> URL { URL(string: "http://\(Self.host):\(port)\(path)")! }

    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let routes: @Sendable (String, Int) -> Reply
        let port: @Sendable () -> Int
        private var path = "/"
        private var userAgent = ""

        init(routes: @escaping @Sendable (String, Int) -> Reply, port: @escaping @Sendable () -> Int) {
            self.routes = routes
            self.port = port
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                path = head.uri
                userAgent = head.headers.first(name: "User-Agent") ?? ""
            case .body: break
            case .end:
                // "/user-agent" echoes the request's user agent, so a test can see what was sent.
                let reply = path == "/user-agent"
                    ? Reply(headers: [("Content-Type", "text/html")], body: Array(userAgent.utf8)) : routes(path, port())
                respond(context: context, reply: reply)
            }
        }

        private func respond(context: ChannelHandlerContext, reply: Reply) {
            var headers = HTTPHeaders(reply.headers)
            if !reply.chunked, reply.drip == nil { headers.replaceOrAdd(name: "Content-Length", value: "\(reply.body.count)") }
            headers.replaceOrAdd(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers))), promise: nil)
            guard let drip = reply.drip else {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: reply.body)))), promise: nil)
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
                return
            }
            context.flush()
            dripBytes(reply.body[...], every: drip, context: context)
        }

        private func dripBytes(_ rest: ArraySlice<UInt8>, every interval: TimeAmount, context: ChannelHandlerContext) {
            guard let first = rest.first, context.channel.isActive else {
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
                return
            }
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: [first])))), promise: nil)
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: interval) {
                let (handler, context) = loopBound.value
                handler.dripBytes(rest.dropFirst(), every: interval, context: context)
            }
        }
    }
}
