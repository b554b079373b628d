import Foundation
import Hummingbird
import ServiceLifecycle
import WallCore

/// Closes the door when shutdown begins: new requests get 503 with `Retry-After`, open event
/// streams are ended, so the server can finish what is in flight and exit.
public final class ShutdownGate: Sendable {
    private struct State {
        var closed = false
        var onClose: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    /// Makes an open gate.
    public init() {}

    /// Whether shutdown has begun.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Runs `action` when the gate closes (at once if it already has).
    public func onClose(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.closed { return true }
            state.onClose.append(action)
            return false
        }
        if runNow { action() }
    }

    /// Closes the gate and runs the close actions, once.
    public func close() {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.closed else { return [] }
            state.closed = true
            defer { state.onClose = [] }
            return state.onClose
        }
        for action in actions { action() }
    }
}

/// A service that closes the gate as soon as graceful shutdown begins. Run it *after* the
/// application in a service group, so it is told first (groups shut down in reverse order).
public struct ShutdownGateService: Service {
    let gate: ShutdownGate

    /// Makes the service.
    public init(gate: ShutdownGate) { self.gate = gate }

    /// Waits for graceful shutdown, then closes the gate.
    public func run() async throws {
        try? await gracefulShutdown()
        gate.close()
    }
}

/// Answers 503 with `Retry-After` once the gate is closed.
struct ShutdownGateMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: ShutdownGate

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if gate.isClosed { throw APIError.shuttingDown() }
        return try await next(request, context)
    }
}
