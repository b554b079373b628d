/// How replicas on one PostgreSQL database keep hearing of each other's changes.
extension Limits {
    /// How often a replica's event relay compares the event log's newest seq with the notices it
    /// received: an event already in the log at one check, with no notice at all by the next,
    /// means the listening connection went deaf, so the relay closes it, listens again on a new
    /// one and catches up from the log.
    public static let relayCheckInterval = Duration.seconds(5)
}
