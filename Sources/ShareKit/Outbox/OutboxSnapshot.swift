/// What the outbox holds, read without taking any lock (for `dwall outbox` and the app's list).
public struct OutboxSnapshot: Sendable, Equatable {
    /// Shares waiting to be sent, oldest first.
    public var pending: [OutboxEntry]
    /// Pending files that can't be read (a drain will move them to `damaged/`).
    public var unreadable: [String]
    /// Shares the server refused for good, with the reason in `lastError`.
    public var failed: [OutboxEntry]
    /// Files moved aside to `damaged/`.
    public var damaged: [String]

    /// Makes a snapshot.
    public init(pending: [OutboxEntry] = [], unreadable: [String] = [], failed: [OutboxEntry] = [], damaged: [String] = []) {
        self.pending = pending
        self.unreadable = unreadable
        self.failed = failed
        self.damaged = damaged
    }
}
