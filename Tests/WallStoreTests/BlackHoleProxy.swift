import Foundation
import NIOCore
import NIOPosix
import Testing
import WallCore

/// A TCP relay on 127.0.0.1, started by a test, in front of the test PostgreSQL: it passes bytes
/// both ways untouched, except that, once armed, the next connection to send a `LISTEN` becomes
/// a black hole: that statement and everything after it, both ways, is dropped, while the
/// connection stays open. The replica then has a connection that is open, signed in, and never
/// answers its LISTEN, as behind a network that silently drops packets; PostgreSQL can't be made
/// to hang a LISTEN itself (it takes no lock another session can hold). Told to, it instead
/// holds every `LISTEN` for a while before passing it on, as a slow database would answer.
final class BlackHoleProxy: Sendable {
    /// What the relay has done with black holes so far.
    struct Holes: Sendable, Equatable {
        /// Connections turned into a black hole.
        var opened = 0
        /// Of those, the ones the replica has since closed.
        var closedByReplica = 0
    }

    let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let state: Locked<ProxyState>

    /// Starts relaying connections to `host`:`port`.
    init(to host: String, port targetPort: Int) async throws {
        let state = Locked(ProxyState())
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bound = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { replicaSide in
                let link = Link(state: state)
                return ClientBootstrap(group: replicaSide.eventLoop)
                    .channelInitializer { $0.pipeline.addHandler(Relay(link: link, side: .database)) }
                    .connect(host: host, port: targetPort)
                    .flatMap { databaseSide in
                        link.attach(replica: replicaSide, database: databaseSide)
                        return replicaSide.pipeline.addHandler(Relay(link: link, side: .replica))
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.group = group
        self.state = state
        channel = bound
        port = bound.localAddress?.port ?? 0
    }

    /// Makes the next connection that sends a `LISTEN` a black hole (one connection only).
    func holdNextListen() {
        state.withLock { $0.armed = true }
    }

    /// From now on, passes every `LISTEN` on only after `delay` (what the connection sends after
    /// it waits behind it), as a database slow to answer would; counts them in `slowListens`.
    func slowListens(by delay: Duration) {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        state.withLock { $0.listenDelay = .nanoseconds(nanoseconds) }
    }

    /// How many `LISTEN`s were held back by `slowListens` so far.
    var slowListenCount: Int { state.withLock { $0.slowListens } }

    /// The black holes made and closed so far.
    var holes: Holes { state.withLock { $0.holes } }

    /// `url` (a `postgres://` URL) with its port replaced by the relay's.
    func route(_ url: String) throws -> String {
        var components = try #require(URLComponents(string: url))
        components.port = port
        return try #require(components.string)
    }

    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }

    private struct ProxyState {
        var armed = false
        var holes = Holes()
        var listenDelay: TimeAmount?
        var slowListens = 0
    }

    private enum Side { case replica, database }

    /// One relayed connection: its two channels and whether it became a black hole.
    private final class Link: @unchecked Sendable {
        private let lock = NSLock()
        private let state: Locked<ProxyState>
        private var replica: (any Channel)?
        private var database: (any Channel)?
        private var hole = false
        /// The last bytes the replica sent, so a `LISTEN` split across two reads is still seen.
        private var tail: [UInt8] = []
        /// When the replica's bytes may next be passed on (later than now behind a slow LISTEN).
        private var replicaReleaseAt = NIODeadline.uptimeNanoseconds(0)
        /// The replica's writes scheduled and not yet made: later bytes queue behind them.
        private var scheduledWrites = 0

        init(state: Locked<ProxyState>) { self.state = state }

        func attach(replica: any Channel, database: any Channel) {
            lock.withLock { (self.replica, self.database) = (replica, database) }
        }

        /// The channel to pass `bytes` from `side` on to and when (nil: at once), or nil when
        /// they fall into the hole. A scheduled write must be reported done (`scheduledWriteDone`).
        func destination(for bytes: ByteBuffer, from side: Side) -> (channel: any Channel, at: NIODeadline?)? {
            lock.withLock {
                var at = NIODeadline.now()
                if side == .replica, !hole {
                    let seen = tail + Array(bytes.readableBytesView)
                    tail = Array(seen.suffix(16))
                    let listens = Self.holdsListen(seen)
                    if listens, state.withLock({ state in
                        defer { state.armed = false }
                        if state.armed { state.holes.opened += 1 }
                        return state.armed
                    }) {
                        hole = true
                    }
                    if listens, let delay = state.withLock({ state -> TimeAmount? in
                        if state.listenDelay != nil { state.slowListens += 1 }
                        return state.listenDelay
                    }) {
                        at = at + delay
                    }
                    at = max(at, replicaReleaseAt)
                    replicaReleaseAt = at
                }
                if hole { return nil }
                guard let channel = side == .replica ? database : replica else { return nil }
                guard side == .replica, at > .now() || scheduledWrites > 0 else { return (channel, nil) }
                scheduledWrites += 1
                return (channel, at)
            }
        }

        /// A write `destination` scheduled was made.
        func scheduledWriteDone() {
            lock.withLock { scheduledWrites -= 1 }
        }

        /// Closes the other side once one side ends, noting a black hole the replica closed.
        func ended(_ side: Side) {
            let (other, wasHole) = lock.withLock { (side == .replica ? database : replica, hole) }
            if side == .replica, wasHole { state.withLock { $0.holes.closedByReplica += 1 } }
            other?.close(promise: nil)
        }

        /// Whether `bytes` hold a `LISTEN "` that is not an `UNLISTEN "`.
        private static func holdsListen(_ bytes: [UInt8]) -> Bool {
            let listen = Array(#"LISTEN ""#.utf8)
            guard bytes.count >= listen.count else { return false }
            for start in 0...(bytes.count - listen.count) where bytes[start..<(start + listen.count)].elementsEqual(listen) {
                if start == 0 || bytes[start - 1] != UInt8(ascii: "N") { return true }
            }
            return false
        }
    }

    /// Passes what one side reads to the other, unless the link swallows it.
    private final class Relay: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private let link: Link
        private let side: Side

        init(link: Link, side: Side) {
            self.link = link
            self.side = side
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = unwrapInboundIn(data)
            guard let (channel, at) = link.destination(for: bytes, from: side) else { return }
            guard let at else { return channel.writeAndFlush(bytes, promise: nil) }
            // Scheduled on this loop at or after every earlier one: NIO runs them in that order.
            let link = link
            context.eventLoop.scheduleTask(deadline: at) {
                channel.writeAndFlush(bytes, promise: nil)
                link.scheduledWriteDone()
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            link.ended(side)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
