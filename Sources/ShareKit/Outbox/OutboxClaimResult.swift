/// What trying to claim an outbox entry found.
public enum OutboxClaimResult: Sendable {
    /// The entry is this caller's to send until it completes, fails or is released.
    case claimed(OutboxClaim)
    /// Another process (or task) is sending it now.
    case busy
    /// It is no longer pending (delivered or withdrawn meanwhile).
    case gone
    /// Its file could not be read; it was moved to `damaged/`.
    case damaged(DamagedEntry)
}
