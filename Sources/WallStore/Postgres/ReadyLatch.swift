import WallCore

/// A gate that callers wait at until the store is ready (migrated and listening), or that fails
/// them all when it never will be.
final class ReadyLatch: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Void, any Error>])
        case open
        case failed(any Error)
    }

    private let state = Locked(State.waiting([]))

    /// Returns once the latch is open; throws the error it failed with.
    func wait() async throws {
        if case .open = state.withLock({ $0 }) { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = state.withLock { state -> Result<Void, any Error>? in
                switch state {
                case .waiting(var waiters):
                    waiters.append(continuation)
                    state = .waiting(waiters)
                    return nil
                case .open: return .success(())
                case .failed(let error): return .failure(error)
                }
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Lets every waiter (and every later caller) through.
    func open() { settle(.open) }

    /// Fails every waiter, and every later caller, with `error`; an open latch stays open.
    func fail(_ error: any Error) { settle(.failed(error)) }

    private func settle(_ final: State) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            guard case .waiting(let waiters) = state else { return [] }
            state = final
            return waiters
        }
        for waiter in waiters {
            if case .failed(let error) = final { waiter.resume(throwing: error) } else { waiter.resume() }
        }
    }
}
