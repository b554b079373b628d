/// What the server tells a client about a share it accepted.
public enum ShareStatus: String, Codable, Sendable {
    /// Durable and complete: nothing more will happen to it.
    case saved
    /// Durable, with follow-up work (enrichment) still pending.
    case queued
}
