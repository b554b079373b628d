import PostgresNIO

extension PostgresConnection {
    /// `listen(on:consume:)`, closing the connection when the task is cancelled: the listener's
    /// notices then end with an error at once, whether or not the library notices the
    /// cancellation while it waits for the next one (the pool drops the closed connection).
    func listeningUntilCancelled<Value>(
        isolation: isolated (any Actor)? = #isolation, on channel: String,
        consume: (PostgresNotificationSequence) async throws -> Value
    ) async throws -> Value {
        try await withTaskCancellationHandler {
            try await listen(on: channel, consume: consume)
        } onCancel: {
            close().whenComplete { _ in }
        }
    }
}
