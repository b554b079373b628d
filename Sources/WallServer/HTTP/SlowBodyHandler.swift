import HTTPTypes
import NIOCore
import NIOHTTPTypes
import WallCore

/// Closes a connection whose request body arrives too slowly (a slow sender holding it open):
/// from a request's head to its end, each `window` must bring at least
/// `Limits.minRequestBodyBytesPerSecond` × the window's seconds.
///
/// The request line and headers are bounded by the server's idle timeout instead (they are
/// decoded only once whole, and the idle timer runs until then).
final class SlowBodyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

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
