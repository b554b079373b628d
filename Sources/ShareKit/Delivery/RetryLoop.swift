/// Runs one send until it succeeds, the policy says stop, the deadline would pass, or the
/// caller's `keepGoing` says no. Waits on the injected clock, so tests advance time without sleeping.
/// Before each wait it calls `beforeWaiting`, where a caller lets go of what it must not hold
/// while suspended (a drain's lock on an outbox entry): a wait between tries (with the error
/// that made it), and a pause another task's `Retry-After` imposed (nil), the first try's too.
struct RetryLoop<C: Clock>: Sendable where C.Duration == Duration {
    let policy: RetryPolicy
    let clock: C
    let random: @Sendable () -> Double
    let pacer: SendPacer<C>?

    /// The result of `send`, or the last error. `send` gets the time left before `deadline`.
    func run<T: Sendable>(
        deadline: C.Instant?,
        keepGoing: @Sendable () -> Bool = { true },
        beforeWaiting: (ShareError?) -> Void = { _ in },
        _ send: (_ timeLeft: Duration?) async throws(ShareError) -> T
    ) async -> Result<T, ShareError> {
        var failures = 0
        while true {
            if let pacer, await pacer.isPaused { beforeWaiting(nil) }
            do { try await pacer?.waitIfPaused() } catch { return .failure(.cancelled) }
            let timeLeft = deadline.map { clock.now.duration(to: $0) }
            if let timeLeft, timeLeft <= .zero { return .failure(.timedOut) }
            let error: ShareError
            do { return .success(try await send(timeLeft)) } catch let failure { error = failure }
            if policy.counts(error) { failures += 1 }
            guard keepGoing(), let wait = policy.delay(afterFailures: failures, error: error, randomUnit: random()) else {
                return .failure(error)
            }
            if let retryAfter = error.retryAfter { await pacer?.pause(for: retryAfter) }
            if let deadline, clock.now.advanced(by: wait) >= deadline { return .failure(error) }
            beforeWaiting(error)
            do { try await clock.sleep(for: wait) } catch { return .failure(.cancelled) }
        }
    }
}
