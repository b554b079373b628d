import Foundation
import WallCore

/// Runs an action on a queue of its own soon after it is nudged: nudges coalesce, at most one run
/// is pending at a time, and runs are at least `interval` apart. For work that is cheaper done
/// in bulk a little later than piecemeal on the write path (checkpoints, search indexing).
final class CoalescingTimer: Sendable {
    private let queue: DispatchQueue
    private let interval: Duration
    private let action: @Sendable () -> Void
    private let state = Locked((scheduled: false, last: ContinuousClock.Instant.now))

    init(label: String, interval: Duration, action: @escaping @Sendable () -> Void) {
        self.queue = DispatchQueue(label: label)
        self.interval = interval
        self.action = action
    }

    /// Asks for a run soon; returns at once.
    func nudge() {
        let delay = state.withLock { state -> Duration? in
            guard !state.scheduled else { return nil }
            state.scheduled = true
            return max(.zero, state.last + interval - .now)
        }
        guard let delay else { return }
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.fire() }
    }

    private func fire() {
        state.withLock { state in
            state.scheduled = false
            state.last = .now
        }
        action()
    }
}
