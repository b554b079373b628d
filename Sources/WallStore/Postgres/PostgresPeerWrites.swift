import WallCore

/// Whether another replica writes now, as this replica's relay hears it (the notice every
/// transaction with events sends names the replica that sent it) and its write queue reads it
/// to choose how many batches to keep in flight (`PostgresWriteQueue.batchesInFlight`). The
/// store makes one and hands it to both.
final class PostgresPeerWrites: Sendable {
    private let heardState = Locked<(count: Int, last: ContinuousClock.Instant?)>((0, nil))
    private let window: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Counts a replica as writing for `window` after its last notice, by `now`'s time.
    init(window: Duration = Limits.postgresPeerWriteWindow, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.window = window
        self.now = now
    }

    /// Records a notice sent by another replica.
    func heard() {
        let heardAt = now()
        heardState.withLock { $0 = ($0.count + 1, heardAt) }
    }

    /// How many notices of other replicas were heard (for tests).
    var noticesHeard: Int { heardState.withLock { $0.count } }

    /// Whether another replica's notice came within the window.
    var othersWrite: Bool {
        guard let last = heardState.withLock({ $0.last }) else { return false }
        return now() - last < window
    }
}
