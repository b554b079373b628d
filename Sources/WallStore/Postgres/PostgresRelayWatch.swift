/// Decides, check after check, whether the event relay's listening connection went deaf: open,
/// yet delivering no notices (nor failing), or stuck before it listens.
///
/// Each check hands it the log's newest seq and what the relay has seen. The connection is deaf
/// when an event that was already in the log at the previous check, a whole interval ago, is
/// still unseen, the relay began no work since (no notice came, no catch-up started) and none
/// runs. Every transaction holding events sends a notice as it commits, so a connection that
/// hears anything would have heard it by then; requiring a whole interval keeps an event
/// committed just before a check, its notice still on the way, from counting, and a relay busy
/// with a slow notice or a long catch-up is not deaf.
struct PostgresRelayWatch {
    private var previous: (head: Int64, begun: Int)?

    /// Notes this check; true when the connection is deaf (see the type).
    mutating func isDeaf(head: Int64, lastSeen: Int64, begun: Int, busy: Bool) -> Bool {
        defer { previous = (head, begun) }
        guard let previous, !busy else { return false }
        return begun == previous.begun && lastSeen < previous.head
    }
}
