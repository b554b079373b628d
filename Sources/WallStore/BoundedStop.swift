import WallCore

/// Runs a service's work so that cancelling it stops the wait within a grace period, even when
/// something inside misses the cancellation.
///
/// `body` runs in a task of its own. This returns (or throws) when `body` does; once the caller
/// is cancelled, `body` is cancelled too and given `grace` to end. Should it still run then,
/// `onOverrun` is called (to log it) and this returns, leaving `body` behind: a listener or a
/// connection pool that never hears of the cancellation would otherwise keep its process (a
/// test run, a `dwall serve` stopping) waiting for ever.
enum BoundedStop {
    /// Runs `body`; see the type.
    static func run(
        grace: Duration, onOverrun: @escaping @Sendable () -> Void,
        _ body: @escaping @Sendable () async throws -> Void
    ) async throws {
        let work = Task { try await body() }
        let end = OneEnd()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                end.attach(continuation)
                Task {
                    do {
                        try await work.value
                        end.settle(.success(()))
                    } catch {
                        end.settle(.failure(error))
                    }
                }
            }
        } onCancel: {
            work.cancel()
            Task {
                try? await Task.sleep(for: grace)
                if end.settle(.success(())) { onOverrun() }
            }
        }
    }

    /// The first of the two endings (the work's own, or the grace running out), handed to the
    /// waiting caller once, whichever of attaching and settling comes first.
    private final class OneEnd: Sendable {
        private enum State {
            case open(CheckedContinuation<Void, any Error>?)
            case settled(Result<Void, any Error>?)
        }

        private let state = Locked(State.open(nil))

        func attach(_ continuation: CheckedContinuation<Void, any Error>) {
            let result = state.withLock { state -> Result<Void, any Error>? in
                switch state {
                case .open:
                    state = .open(continuation)
                    return nil
                case .settled(let result):
                    state = .settled(nil)
                    return result
                }
            }
            if let result { continuation.resume(with: result) }
        }

        /// Settles with `result` unless already settled; true when this call settled it.
        @discardableResult
        func settle(_ result: Result<Void, any Error>) -> Bool {
            let (settled, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Void, any Error>?) in
                guard case .open(let waiter) = state else { return (false, nil) }
                state = .settled(waiter == nil ? result : nil)
                return (true, waiter)
            }
            waiter?.resume(with: result)
            return settled
        }
    }
}
