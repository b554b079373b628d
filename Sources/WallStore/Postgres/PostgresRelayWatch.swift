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
/// The connection is stuck before it listens when, leased, it was still awaiting its LISTENs at
/// this check and at the previous one, a whole interval ago: listening takes three round trips,
/// so one that has not listened by then never got an answer (a backend that hangs, a network
/// that drops packets). This needs no event: job wake-ups come on the same connection. (A
/// connection being opened is not counted: its connect timeout bounds that.) A replica's first
/// LISTEN is given until its start deadline instead (`startOverdue`), since failing it means
/// refusing to start.
struct PostgresRelayWatch {
    private var previous: (head: Int64, begun: Int)?
    /// Where a listening connection is in its life, as the listener reports it.
    enum Phase: Sendable {
        /// Waiting for a connection from the pool (opening one: bounded by its connect timeout).
        case leasing
        /// Leased, its LISTENs sent and not yet all answered.
        case awaitingListen
        /// Its LISTENs in place.
        case listening
    }

    private var previousPhase: Phase?

    /// Notes this check; true when the connection is deaf (see the type).
    mutating func isDeaf(head: Int64, lastSeen: Int64, begun: Int, busy: Bool) -> Bool {
        defer { previous = (head, begun) }
        guard let previous, !busy else { return false }
        return begun == previous.begun && lastSeen < previous.head
    }

    /// Notes the connection's phase at this check; true when it is stuck before it listens (see
    /// the type). `startOverdue`, for a replica's first LISTEN only: whether its start deadline
    /// has passed (then leasing counts too).
    mutating func isStuck(phase: Phase, startOverdue: Bool? = nil) -> Bool {
        defer { previousPhase = phase }
        guard phase != .listening else { return false }
        if let startOverdue { return startOverdue }
        return phase == .awaitingListen && previousPhase == .awaitingListen
    }
}
