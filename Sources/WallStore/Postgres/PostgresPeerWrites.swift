import WallCore

/// Whether another replica writes now, as this replica's relay hears it: the notice every
/// transaction with events sends names the replica that sent it. A replica alone keeps two
/// batches in flight, so that its next batch waits, ready, for the events lock while the one
/// before commits; beside a replica that writes, the other's batches fill the lock instead, and
/// a second batch of its own would only split its shares into smaller batches (more calls and
/// commits for PostgreSQL, for the same shares). Measured in BENCHMARKS.md ("Two replicas: one
/// batch each in flight").
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

    /// How many batches this replica's write queue may have in flight now.
    var batchesInFlight: Int {
        othersWrite ? Limits.postgresWriteBatchesInFlightBesidePeers : Limits.postgresWriteBatchesInFlight
    }
}
