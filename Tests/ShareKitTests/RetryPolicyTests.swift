import ShareKit
import WallCore
import Testing

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 5, initialDelay: .milliseconds(250), maxDelay: .seconds(2), jitter: 0.5, maxRetryAfter: .seconds(60))

    @Test func backoffDoublesUpToTheCap() {
        #expect((1...6).map { policy.backoff(afterFailures: $0) } == [
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(2), .seconds(2),
        ])
    }

    @Test func jitterTakesUpToItsShareOffTheBackoff() {
        let error = ShareError.offline("refused")
        #expect(policy.delay(afterFailures: 2, error: error, randomUnit: 0) == .milliseconds(500))
        #expect(policy.delay(afterFailures: 2, error: error, randomUnit: 0.5) == .milliseconds(375))
        #expect(policy.delay(afterFailures: 2, error: error, randomUnit: 0.999_999)! > .milliseconds(250))
        for unit in stride(from: 0.0, to: 1, by: 0.05) {
            let delay = policy.delay(afterFailures: 3, error: error, randomUnit: unit)!
            #expect(delay > .milliseconds(500) && delay <= .seconds(1))
        }
    }

    @Test func stopsAfterTheLastAttempt() {
        #expect(policy.delay(afterFailures: 4, error: .timedOut, randomUnit: 0) != nil)
        #expect(policy.delay(afterFailures: 5, error: .timedOut, randomUnit: 0) == nil)
    }

    @Test(arguments: [
        ShareError.unauthorized("no"), .invalid(field: "url", message: "bad"), .notFound(field: "wall", message: "no wall"),
        .conflict(code: .conflict, message: "other content"), .tooLarge("big"), .unsupported("no images"),
        .unexpected(status: 302, message: "moved"), .storage("disk full"), .cancelled,
    ])
    func neverRetriesWhatWaitingCannotFix(_ error: ShareError) {
        #expect(policy.delay(afterFailures: 1, error: error, randomUnit: 0) == nil)
    }

    @Test func retryAfterIsHonouredEvenAboveTheCap() {
        #expect(policy.delay(afterFailures: 1, error: .rateLimited(retryAfter: .seconds(7)), randomUnit: 0.3) == .seconds(7))
        #expect(policy.delay(afterFailures: 1, error: .unavailable(retryAfter: .seconds(3)), randomUnit: 0) == .seconds(3))
        #expect(policy.delay(afterFailures: 4, error: .unavailable(retryAfter: .milliseconds(100)), randomUnit: 0) == .seconds(2),
                "never sooner than the backoff either")
        #expect(policy.delay(afterFailures: 1, error: .rateLimited(retryAfter: .seconds(61)), randomUnit: 0) == nil,
                "a wait longer than maxRetryAfter ends the run")
    }

    @Test func aPaced429DoesNotUseUpAttempts() {
        #expect(!policy.counts(.rateLimited(retryAfter: .seconds(1))))
        #expect(policy.counts(.rateLimited(retryAfter: nil)))
        #expect(policy.counts(.unavailable(retryAfter: .seconds(1))))
        #expect(policy.delay(afterFailures: 5, error: .rateLimited(retryAfter: .seconds(1)), randomUnit: 0) == .seconds(2))
    }
}
