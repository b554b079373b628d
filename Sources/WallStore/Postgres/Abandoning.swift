import WallCore

/// Runs `operation` in a task of its own and returns its outcome, or throws `CancellationError`
/// as soon as the calling task is cancelled, leaving `operation` behind to end (or not) by itself.
///
/// For a query on a connection that a cancellation closes at the same moment: PostgresNIO writes
/// the query to the channel without a write promise, so a query that reaches a channel already
/// closed is dropped, and its caller waits for ever (seen under load: the listener's query after
/// its LISTENs, cancelled by its watchdog, held the listening connection's lease for good). The
/// abandoned task and its connection are garbage once the connection is closed.
func abandoningOnCancel<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let outcome = Locked<Outcome<Value>>(.waiting)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let alreadyCancelled = outcome.withLock { state -> Bool in
                if case .cancelled = state { return true }
                state = .awaiting(continuation)
                return false
            }
            if alreadyCancelled { return continuation.resume(throwing: CancellationError()) }
            Task {
                let result: Result<Value, any Error>
                do { result = .success(try await operation()) } catch { result = .failure(error) }
                outcome.withLock { $0.settle() }?.resume(with: result)
            }
        }
    } onCancel: {
        outcome.withLock { $0.cancel() }?.resume(throwing: CancellationError())
    }
}

/// Where `abandoningOnCancel` is: each of its two ends takes the continuation at most once.
private enum Outcome<Value: Sendable> {
    case waiting
    case awaiting(CheckedContinuation<Value, any Error>)
    case cancelled
    case settled

    /// The continuation to resume with the operation's result, if nobody resumed it yet.
    mutating func settle() -> CheckedContinuation<Value, any Error>? {
        guard case .awaiting(let continuation) = self else { return nil }
        self = .settled
        return continuation
    }

    /// The continuation to resume with `CancellationError`, if nobody resumed it yet; before it
    /// is stored, notes the cancellation so it is resumed at once when it comes.
    mutating func cancel() -> CheckedContinuation<Value, any Error>? {
        switch self {
        case .waiting:
            self = .cancelled
            return nil
        case .awaiting(let continuation):
            self = .cancelled
            return continuation
        case .cancelled, .settled:
            return nil
        }
    }
}
