@testable import ShareKit
import WallCore
import Testing

/// Retry timing on an injected clock: every wait is recorded, nothing really sleeps.
@Suite struct RetryLoopTests {
    let policy = RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: 0, maxRetryAfter: .seconds(30))

    func loop(_ clock: TestClock) -> RetryLoop<TestClock> {
        RetryLoop(policy: policy, clock: clock, random: { 0 }, pacer: nil)
    }

    @Test func backsOffExponentiallyUntilItWorks() async {
        let clock = TestClock()
        let calls = CallCounter()
        let result = await loop(clock).run(deadline: nil) { _ throws(ShareError) -> Int in
            let n = calls.next()
            if n < 3 { throw .server(status: 500, message: "boom") }
            return n
        }
        #expect(result == .success(3))
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
        #expect(clock.elapsed == .milliseconds(700))
    }

    @Test func letsGoBeforeWaitingOutAnotherTasksPauseEvenBeforeTheFirstTry() async {
        let clock = TestClock()
        let pacer = SendPacer(clock: clock)
        await pacer.pause(for: .seconds(60))
        let events = Locked<[String]>([])
        let result = await RetryLoop(policy: policy, clock: clock, random: { 0 }, pacer: pacer).run(
            deadline: nil, beforeWaiting: { error in events.withLock { $0.append("let go after \(error.map { "\($0)" } ?? "a pause")") } }
        ) { _ throws(ShareError) -> Int in
            events.withLock { $0.append("sent at \(clock.elapsed)") }
            return 1
        }
        #expect(result == .success(1))
        #expect(events.withLock { $0 } == ["let go after a pause", "sent at 60.0 seconds"], "the entry's lock is not held through the pause")
    }

    @Test func givesUpAfterMaxAttemptsWithTheLastError() async {
        let clock = TestClock()
        let result = await loop(clock).run(deadline: nil) { _ throws(ShareError) -> Int in throw .offline("refused") }
        #expect(result == .failure(.offline("refused")))
        #expect(clock.sleeps.count == 3, "4 attempts, 3 waits between them")
    }

    @Test func waitsExactlyWhatRetryAfterSays() async {
        let clock = TestClock()
        let calls = CallCounter()
        let result = await loop(clock).run(deadline: nil) { _ throws(ShareError) -> Int in
            if calls.next() == 0 { throw .rateLimited(retryAfter: .seconds(5)) }
            return 1
        }
        #expect(result == .success(1))
        #expect(clock.sleeps == [.seconds(5)])
    }

    @Test func stopsWhenTheNextWaitWouldPassTheDeadline() async {
        let clock = TestClock()
        let deadline = clock.now.advanced(by: .milliseconds(250))
        let timeLeft = Locked<[Duration?]>([])
        let result = await loop(clock).run(deadline: deadline) { left throws(ShareError) -> Int in
            timeLeft.withLock { $0.append(left) }
            throw .unavailable(retryAfter: nil)
        }
        #expect(result == .failure(.unavailable(retryAfter: nil)))
        #expect(clock.sleeps == [.milliseconds(100)], "100 ms fits, the next 200 ms would not")
        #expect(timeLeft.withLock { $0 } == [.milliseconds(250), .milliseconds(150)], "each try gets the time that is left")
    }

    @Test func aRetryAfterBeyondTheDeadlineIsNotWaitedFor() async {
        let clock = TestClock()
        let result = await loop(clock).run(deadline: clock.now.advanced(by: .seconds(3))) { _ throws(ShareError) -> Int in
            throw .rateLimited(retryAfter: .seconds(10))
        }
        #expect(result == .failure(.rateLimited(retryAfter: .seconds(10))))
        #expect(clock.sleeps.isEmpty)
    }

    @Test func keepGoingFalseStopsRetrying() async {
        let clock = TestClock()
        let result = await loop(clock).run(deadline: nil, keepGoing: { false }) { _ throws(ShareError) -> Int in throw .timedOut }
        #expect(result == .failure(.timedOut))
        #expect(clock.sleeps.isEmpty)
    }
}

/// Counts calls from any task.
final class CallCounter: Sendable {
    private let count = Locked(0)

    /// The number of calls before this one.
    func next() -> Int {
        count.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
