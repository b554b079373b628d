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
///   the rest of the body is read (and thrown away by the framework) only up to
///   `Limits.lingerBytes` and as long as it keeps the rate above, so a client still sending reads
///   the answer instead of a reset; past that the connection is closed. The framework would
///   otherwise read the rest of the body, however long.
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
    /// Answered before the request ended: what arrives now is thrown away, up to a limit.
    private var lingering = false
    private var lingered = 0

    /// Makes a handler checking every `window`.
    init(window: Duration) {
        let nanoseconds = window.components.seconds * 1_000_000_000 + window.components.attoseconds / 1_000_000_000
        self.window = .nanoseconds(nanoseconds)
        self.minimumBytes = Int(max(1, nanoseconds / 1_000_000_000)) * Limits.minRequestBodyBytesPerSecond
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if lingering, case .body(let buffer) = unwrapInboundIn(data) {
            lingered += buffer.readableBytes
            guard lingered <= Limits.lingerBytes else {
                context.close(promise: nil)
                return
            }
        }
        switch unwrapInboundIn(data) {
        case .head:
            reading = true
            bytesThisWindow = 0
            schedule(context)
        case .body(let buffer):
            bytesThisWindow += buffer.readableBytes
        case .end:
            reading = false
            lingering = false
            lingered = 0
            check?.cancel()
            check = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard reading, !lingering else {
            context.write(data, promise: promise)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head, .body:
            context.write(data, promise: promise)
        case .end:
            // Answered before the body ended: what still arrives of it is thrown away.
            lingering = true
            context.write(data, promise: promise)
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
