/// How long `dwall serve` waits for a graceful shutdown.
extension Limits {
    /// The longest a graceful shutdown (SIGTERM, SIGINT) may take before what still runs is
    /// cancelled: requests and event streams whose clients stopped reading, uploads trickling in,
    /// jobs past their grace. A write to a client that never reads would otherwise wait for ever.
    public static let maximumGracefulShutdown = Duration.seconds(20)
}
