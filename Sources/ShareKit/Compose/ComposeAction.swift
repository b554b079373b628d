/// What the person can do about an outcome.
public enum ComposeAction: Sendable, Equatable, CaseIterable {
    /// Try sending again now.
    case retry
    /// Close; the share stays on this device and syncs later.
    case keepForLater
    /// Drop the share (take it back out of the outbox) and close.
    case cancel
    /// Close after a success.
    case done
}
