/// How long `dwall serve` waits for a graceful shutdown.
extension Limits {
    /// The longest a graceful shutdown (SIGTERM, SIGINT) may take before what still runs is
    /// cancelled: requests and event streams whose clients stopped reading, uploads trickling in,
    /// jobs past their grace. A write to a client that never reads would otherwise wait for ever.
    public static let maximumGracefulShutdown = Duration.seconds(20)
}

extension Limits {
    /// How long a cancelled store waits for its background work (the connection pool, the
    /// listeners) to end before it stops waiting, says so in the log and returns: a dependency
    /// that misses a cancellation must not keep a process from exiting.
    public static let storeStopGrace = Duration.seconds(10)
}
