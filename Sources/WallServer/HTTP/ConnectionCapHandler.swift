import NIOCore
import NIOHTTPTypes

/// Closes a connection as soon as it is accepted when its peer's address already holds
/// `ConnectionCounter.limit` connections; otherwise counts it until it closes. Connections from
/// a trusted proxy (`--trusted-proxy`) are not counted: the proxy's clients are behind it.
///
/// A refused connection is closed without an answer: a `503` could be written only after reading
/// a request on it, which is holding the very connection the cap refuses; a browser (6 per
/// server) never comes near the cap.
final class ConnectionCapHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let counter: ConnectionCounter
    private let isExempt: @Sendable (String) -> Bool
    private var admitted: [UInt8]?
    private var decided = false
    private var refused = false

    /// Makes the handler for one connection; `isExempt` says whether a peer's address (text) is
    /// not counted.
    init(counter: ConnectionCounter, isExempt: @escaping @Sendable (String) -> Bool) {
        self.counter = counter
        self.isExempt = isExempt
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { decide(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        decide(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        releaseCount()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        releaseCount()
    }

    private func decide(_ context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        let peer = context.channel.remoteAddress?.ipAddress
        if let peer, isExempt(peer) { return }
        let key = ConnectionCounter.key(peer)
        guard counter.admit(key) else {
            refused = true
            context.close(promise: nil)
            return
        }
        admitted = key
    }

    private func releaseCount() {
        guard let key = admitted else { return }
        admitted = nil
        counter.release(key)
    }
}
