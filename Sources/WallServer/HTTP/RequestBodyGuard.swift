import HTTPTypes
import NIOCore
import NIOHTTPTypes
import WallCore

/// Guards the connection against request bodies it should not keep reading:
///
/// - a body that arrives too slowly (a slow sender holding the connection): from a request's head
///   to its end, each `window` must bring at least `Limits.minRequestBodyBytesPerSecond` × the
///   window's seconds, or the connection is closed;
/// - a body the server has already answered (a refusal: 401, 413, 400 before the body was read):
///   the answer says `Connection: close` and the connection is closed once it is written, so the
///   rest of the body is never read (the framework would otherwise read it all, however long).
///
/// The request line and headers are bounded by the server's idle timeout instead (they are
/// decoded only once whole, and the idle timer runs until then).
final class RequestBodyGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let window: TimeAmount
    private let minimumBytes: Int
    private var bytesThisWindow = 0
    private var reading = false
    private var check: Scheduled<Void>?

    /// Makes a handler checking every `window`.
    init(window: Duration) {
        let nanoseconds = window.components.seconds * 1_000_000_000 + window.components.attoseconds / 1_000_000_000
        self.window = .nanoseconds(nanoseconds)
        self.minimumBytes = Int(max(1, nanoseconds / 1_000_000_000)) * Limits.minRequestBodyBytesPerSecond
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            reading = true
            bytesThisWindow = 0
            schedule(context)
        case .body(let buffer):
            bytesThisWindow += buffer.readableBytes
        case .end:
            reading = false
            check?.cancel()
            check = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard reading else {
            context.write(data, promise: promise)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head):
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            let written = promise ?? context.eventLoop.makePromise()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        context.fireChannelInactive()
    }

    private func schedule(_ context: ChannelHandlerContext) {
        check?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleTask(in: window) {
            let (handler, context) = loopBound.value
            handler.windowEnded(context)
        }
    }

    private func windowEnded(_ context: ChannelHandlerContext) {
        check = nil
        guard reading else { return }
        guard bytesThisWindow >= minimumBytes else {
            context.close(promise: nil)
            return
        }
        bytesThisWindow = 0
        schedule(context)
    }
}
