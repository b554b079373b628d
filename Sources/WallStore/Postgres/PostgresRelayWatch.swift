/// Decides, check after check, whether the event relay's listening connection went deaf: open,
/// yet delivering no notices (nor failing), or stuck before it listens.
///
/// Each check while the connection listens hands it the log's newest seq and what the relay has
/// seen (a connection not listening yet is never called deaf: its lease or LISTEN may be slow,
/// and that is the stuck rule's to judge). The connection is deaf when an event that was already in the log at the previous check, a whole interval ago, is
/// still unseen, the relay began no work since (no notice came, no catch-up started) and none
/// runs. Every transaction holding events sends a notice as it commits, so a connection that
/// hears anything would have heard it by then; requiring a whole interval keeps an event
/// committed just before a check, its notice still on the way, from counting, and a relay busy
/// with a slow notice or a long catch-up is not deaf.
///
/// The connection is stuck before it listens when, leased, it was still awaiting its LISTENs at
/// this check and at the `patience` checks before it, `patience` whole intervals: listening
/// takes three round trips, so one that has not listened by then never got an answer (a backend
/// that hangs, a network that drops packets). The listener doubles `patience` for the next
/// connection after each one given up as stuck (`Limits.relayListenPatienceLimit`), so a
/// database that is merely slow is eventually waited out. This needs no event: job wake-ups
/// come on the same connection. (A connection being opened is not counted: its connect timeout,
/// and the pool's backoff and circuit breaker after failed connects, bound that.) A replica's first
/// LISTEN is given until its start deadline instead (`startOverdue`), since failing it means
/// refusing to start.
struct PostgresRelayWatch {
    /// How many whole check intervals a LISTEN may go unanswered (at least 1).
    let patience: Int
    private var previous: (head: Int64, begun: Int)?
    /// Checks in a row that found the connection awaiting its LISTENs.
    private var awaitingChecks = 0
    /// Where a listening connection is in its life, as the listener reports it.
    enum Phase: Sendable {
        /// Waiting for a connection from the pool (opening one: bounded by its connect timeout).
        case leasing
        /// Leased, its LISTENs sent and not yet all answered.
        case awaitingListen
        /// Its LISTENs in place.
        case listening
    }

    /// A watch that gives a LISTEN `patience` whole check intervals.
    init(patience: Int = 1) {
        self.patience = max(1, patience)
    }

    /// Notes this check of a listening connection; true when it is deaf (see the type).
    mutating func isDeaf(head: Int64, lastSeen: Int64, begun: Int, busy: Bool) -> Bool {
        defer { previous = (head, begun) }
        guard let previous, !busy else { return false }
        return begun == previous.begun && lastSeen < previous.head
    }

    /// Notes the connection's phase at this check; true when it is stuck before it listens (see
    /// the type). `startOverdue`, for a replica's first LISTEN only: whether its start deadline
    /// has passed (then leasing counts too).
    mutating func isStuck(phase: Phase, startOverdue: Bool? = nil) -> Bool {
        awaitingChecks = phase == .awaitingListen ? awaitingChecks + 1 : 0
        guard phase != .listening else { return false }
        if let startOverdue { return startOverdue }
        return awaitingChecks > patience
    }
}
