/// How replicas on one PostgreSQL database keep hearing of each other's changes.
extension Limits {
    /// How often a replica's event relay compares the event log's newest seq with the notices it
    /// received: an event already in the log at one check, with no notice at all by the next,
    /// means the listening connection went deaf, so the relay closes it, listens again on a new
    /// one and catches up from the log.
    public static let relayCheckInterval = Duration.seconds(5)

    /// The most whole check intervals a listening connection's LISTENs may go unanswered before
    /// it is replaced. The first try gets one interval; each try given up as stuck doubles the
    /// next one's, up to this, so a database that is only slow (a loaded machine) is waited
    /// out instead of being cut off try after try.
    public static let relayListenPatienceLimit = 8
}
