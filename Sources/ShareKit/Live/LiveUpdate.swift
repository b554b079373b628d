import WallCore

/// What the live connection to `GET /v1/events` reports, in order.
public enum LiveUpdate: Sendable, Equatable {
    /// The stream is open. `resumed` when it asked for what it missed (`Last-Event-ID`), so the
    /// list is complete; otherwise the list should be reloaded now.
    case connected(resumed: Bool)
    /// An item changed.
    case event(ItemEvent)
    /// The server no longer has every change since the last one seen (its log was pruned past
    /// it, after a long time offline): reload the list. Later events follow as usual; a later
    /// connection resumes after `lastEventID`, where the server's log now starts.
    case reset(lastEventID: Int64?)
    /// The stream ended or could not be opened; it is tried again after `retryIn`.
    case disconnected(ShareError, retryIn: Duration)
}
