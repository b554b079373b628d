/// How replicas on one PostgreSQL database keep hearing of each other's changes.
extension Limits {
    /// How often a replica's event relay compares the event log's newest seq with the notices it
    /// received: an event already in the log at one check, with no notice at all by the next,
    /// means the listening connection went deaf, so the relay closes it, listens again on a new
    /// one and catches up from the log.
    public static let relayCheckInterval = Duration.seconds(5)

    /// The least time a replica's first LISTEN gets once its migrations are applied, even when
    /// they used up (nearly) all of `databaseStartTimeout`: a database slow to migrate under load
    /// is no reason to refuse a LISTEN it would answer in a moment.
    public static let firstListenGrace = Duration.seconds(5)

    /// The most patience a listening connection's LISTENs get: a connection with patience `p`
    /// is replaced when they are unanswered for at least `p` and at most `p + 1` check
    /// intervals. The first try has 1; each try given up as stuck doubles the next one's, up to
    /// this, so a database that is only slow (a loaded machine) is waited out instead of being
    /// cut off try after try.
    public static let relayListenPatienceLimit = 8
}
