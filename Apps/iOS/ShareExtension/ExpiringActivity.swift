import Foundation

/// Keeps the extension's process running while a send holds an outbox lock. Once its sheet is
/// gone, iOS may suspend an extension at any moment, and it ends one that is suspended holding a
/// lock on a file in the App Group (`0xdead10cc`): the share would stay queued, but its result
/// would be lost and the app not told. `performExpiringActivity` holds the process up while its
/// block runs on a thread of its own; the block waits here until `end()`. If iOS takes the time
/// back first, it calls the block again with `expired`: `expire` cancels the send, which lets go
/// of its locks (the share stays in the outbox for the app) and then calls `end()`.
final class ExpiringActivity: Sendable {
    private let ended = DispatchSemaphore(value: 0)

    /// Starts holding the process up, for `reason` (shown in debugging tools).
    init(reason: String, expire: @escaping @Sendable () -> Void) {
        let ended = self.ended
        ProcessInfo.processInfo.performExpiringActivity(withReason: reason) { expired in
            if expired { expire() } else { ended.wait() }
        }
    }

    /// The send is over: lets the process be suspended again.
    func end() { ended.signal() }
}
