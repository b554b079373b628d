import Testing
import WallCore
@testable import WallStore

/// A store's background work stops within its grace once cancelled, even when part of it never
/// hears of the cancellation, and otherwise ends exactly as the work does.
@Suite("Bounded stop")
struct BoundedStopTests {
    @Test("Cancelled work that misses the cancellation is left behind once the grace is up, and the overrun is told")
    func workThatMissesCancellationIsLeftBehind() async throws {
        let parked = Parked()
        let overruns = Locked(0)
        let run = Task {
            try await BoundedStop.run(grace: .milliseconds(100), onOverrun: { overruns.withLock { $0 += 1 } }) {
                await parked.wait()  // ignores cancellation, like a listener that never hears of it
            }
        }
        await parked.untilWaiting()
        run.cancel()
        try await run.value
        #expect(overruns.withLock { $0 } == 1)
        parked.release()
    }

    @Test("Work that ends when cancelled ends the wait without an overrun")
    func workThatStopsEndsTheWait() async throws {
        let overruns = Locked(0)
        let started = Parked()
        let run = Task {
            // A grace far longer than any test: returning at all means the work ended.
            try await BoundedStop.run(grace: .seconds(3_600), onOverrun: { overruns.withLock { $0 += 1 } }) {
                started.release()
                try? await Task.sleep(for: .seconds(3_600))
            }
        }
        await started.wait()
        run.cancel()
        try await run.value
        #expect(overruns.withLock { $0 } == 0)
    }

    @Test("Work that is not cancelled returns or throws as it does")
    func uncancelledWorkEndsAsItDoes() async throws {
        struct Refused: Error {}
        try await BoundedStop.run(grace: .seconds(3_600), onOverrun: {}) {}
        await #expect(throws: Refused.self) {
            try await BoundedStop.run(grace: .seconds(3_600), onOverrun: {}) { throw Refused() }
        }
    }
}

/// A wait that ignores cancellation until released, and can tell when someone waits.
private final class Parked: Sendable {
    private let state = Locked((released: false, waiters: [CheckedContinuation<Void, Never>](), watchers: [CheckedContinuation<Void, Never>]()))

    /// Returns once released (cancellation does not end it).
    func wait() async {
        await withCheckedContinuation { continuation in
            let (now, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                if state.released { return (true, []) }
                state.waiters.append(continuation)
                defer { state.watchers.removeAll() }
                return (false, state.watchers)
            }
            for watcher in watchers { watcher.resume() }
            if now { continuation.resume() }
        }
    }

    /// Returns once someone waits.
    func untilWaiting() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if !state.waiters.isEmpty || state.released { return true }
                state.watchers.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Lets every waiter, and every later one, through.
    func release() {
        let (waiters, watchers) = state.withLock { state in
            state.released = true
            defer { state.waiters.removeAll(); state.watchers.removeAll() }
            return (state.waiters, state.watchers)
        }
        for waiter in waiters { waiter.resume() }
        for watcher in watchers { watcher.resume() }
    }
}
