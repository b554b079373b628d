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
///
/// The connection is stuck before it listens when its LISTENs were not in place at this check
/// nor at the previous one, a whole interval ago: opening a connection and listening takes a few
/// round trips, so one that has not listened by then never answered (a backend that hangs, a
/// network that drops packets). This needs no event: job wake-ups come on the same connection.
struct PostgresRelayWatch {
    private var previous: (head: Int64, begun: Int)?
    private var listeningAtPrevious: Bool?

    /// Notes this check; true when the connection is deaf (see the type).
    mutating func isDeaf(head: Int64, lastSeen: Int64, begun: Int, busy: Bool) -> Bool {
        defer { previous = (head, begun) }
        guard let previous, !busy else { return false }
        return begun == previous.begun && lastSeen < previous.head
    }

    /// Notes whether the connection's LISTENs are in place at this check; true when it is stuck
    /// before it listens (see the type).
    mutating func isStuck(listening: Bool) -> Bool {
        defer { listeningAtPrevious = listening }
        return !listening && listeningAtPrevious == false
    }
}
