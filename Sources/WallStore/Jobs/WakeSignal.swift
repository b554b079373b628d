import Foundation
import WallCore

/// A wake-up call between tasks: `notify()` wakes whoever waits, or the next one to wait.
/// Several notifications before a wait wake it once.
public final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())

    /// Makes a signal nobody has notified yet.
    public init() {}

    /// Wakes every waiter, or the next wait when nobody waits.
    public func notify() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if state.waiters.isEmpty {
                state.pending = true
                return []
            }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at the next notification (at once when one is pending), when the task is
    /// cancelled, or after `timeout`.
    public func wait(timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns at the next notification (at once when one is pending) or when cancelled.
    public func wait() async {
        let key = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    if Task.isCancelled { return true }
                    state.waiters[key] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: key) }
            waiter?.resume()
        }
    }
}
