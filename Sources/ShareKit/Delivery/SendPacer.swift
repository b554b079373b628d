/// Shared by the tasks of one drain: when the server answers 429 or 503 with `Retry-After`,
/// every task waits it out before its next request, instead of each finding out by itself.
actor SendPacer<C: Clock> where C.Duration == Duration {
    private let clock: C
    private var resumeAt: C.Instant?

    init(clock: C) { self.clock = clock }

    /// Holds every sender back for `wait` from now (or longer, if already held longer).
    func pause(for wait: Duration) {
        let until = clock.now.advanced(by: wait)
        if let resumeAt, resumeAt >= until { return }
        resumeAt = until
    }

    /// Whether a pause is in force now.
    var isPaused: Bool { resumeAt.map { clock.now < $0 } ?? false }

    /// Returns once no pause is in force; throws when cancelled.
    func waitIfPaused() async throws {
        while let resumeAt, clock.now < resumeAt {
            try await clock.sleep(until: resumeAt, tolerance: nil)
        }
    }
}
