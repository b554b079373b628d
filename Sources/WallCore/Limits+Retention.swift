extension Limits {
    /// How long the event log keeps an event by default (`dwall serve --keep-events-days`): a
    /// client offline for longer resumes with a `reset` and reloads.
    public static let defaultEventRetentionDays = 30
    /// The shortest and longest event retention `--keep-events-days` accepts.
    public static let eventRetentionDays = 1...3_650
    /// How long a dead job stays visible (with its last error) before it is removed, in seconds.
    public static let deadJobRetention: Double = 30 * 86_400
    /// How long a share's id is recognised, in seconds: a resend within it answers the same item;
    /// its receipt is removed after it.
    public static let shareReceiptRetention: Double = 90 * 86_400
    /// How often the server prunes the event log, dead jobs, expired sessions and old receipts.
    public static let pruneInterval = Duration.seconds(3_600)
    /// The most rows one pruning transaction deletes, so shares never wait long behind it.
    public static let pruneBatch = 5_000
}
