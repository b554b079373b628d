import PostgresNIO

extension PostgresConnection {
    /// Listens on two channels at once (`listen(on:consume:)` for each), closing the connection
    /// when the task is cancelled: the notices then end with an error at once, whether or not
    /// the library notices the cancellation while it waits for the next one.
    func listeningUntilCancelled<Value>(
        isolation: isolated (any Actor)? = #isolation, on first: String, and second: String,
        consume: (PostgresNotificationSequence, PostgresNotificationSequence) async throws -> Value
    ) async throws -> Value {
        try await withTaskCancellationHandler {
            try await listen(on: first) { firstNotices in
                try await listen(on: second) { secondNotices in try await consume(firstNotices, secondNotices) }
            }
        } onCancel: {
            close().whenComplete { _ in }
        }
    }
}
