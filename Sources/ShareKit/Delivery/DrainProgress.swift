/// How far a drain has got, reported after every share it settles.
public struct DrainProgress: Sendable, Equatable {
    /// Shares pending when the drain began.
    public var total: Int
    /// Delivered (the server holds them).
    public var delivered: Int
    /// Refused for good (moved to `failed/`).
    public var failed: Int
    /// Left pending: being sent by another process, another account's, kept after an error, or damaged.
    public var skipped: Int

    /// Makes a progress report.
    public init(total: Int, delivered: Int = 0, failed: Int = 0, skipped: Int = 0) {
        self.total = total
        self.delivered = delivered
        self.failed = failed
        self.skipped = skipped
    }

    /// Shares settled so far.
    public var done: Int { delivered + failed + skipped }
}
