import Foundation
import WallCore

/// Remembers which links have a refresh queued on this server, so refreshing one again while it is
/// still pending queues no second job (a flood of refreshes costs one fetch, not one each).
public final class RefreshCoalescer: Sendable {
    private let queued = Locked([UUID: ContinuousClock.Instant]())
    private let window: Duration

    /// Makes a coalescer; a refresh counts as queued for `window` at most.
    public init(window: Duration = Limits.refreshCoalescingWindow) { self.window = window }

    /// Whether a job should be queued for `itemID`, given whether the item is pending now; when
    /// it should, the refresh is remembered as queued.
    public func shouldQueue(_ itemID: UUID, pending: Bool) -> Bool {
        let now = ContinuousClock.now
        return queued.withLock { queued in
            if queued.count > 10_000 { queued = queued.filter { now - $0.value < window } }
            if pending, let since = queued[itemID], now - since < window { return false }
            queued[itemID] = now
            return true
        }
    }
}
