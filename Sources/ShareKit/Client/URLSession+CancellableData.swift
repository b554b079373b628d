import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WallCore

extension URLSession {
    /// Like `data(for:)`, and safe to cancel on Linux too.
    ///
    /// swift-corelibs-foundation's `data(for:)` cancels its task from inside the task's
    /// cancellation handler, where `URLSessionTask.cancel()` waits for the session's queue; if
    /// that queue is finishing the same request and resuming the waiting task, which needs the
    /// lock the handler holds, both wait for ever (seen here: a test cancelling its share load
    /// hung the whole test process). Here the request completes through a plain completion
    /// handler, and a cancellation is handed to another thread instead of run in place.
    public func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingDataTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                pending.start(task)
            }
        } onCancel: {
            DispatchQueue.global().async { pending.cancel() }
        }
    }
}

/// A data task that may be cancelled before it has started: then it is cancelled as it starts.
private final class PendingDataTask: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
