import UIKit

/// Runs work while iOS grants the app background time (`beginBackgroundTask`), so a drain that
/// is under way when the app leaves the screen can finish. The work gets the time left (minus a
/// margin) as its budget when the app is already in the background; when the time runs out
/// first, the work is cancelled, and the assertion ends only once it has stopped, so the app is
/// never suspended holding a lock on a file in the App Group (`0xdead10cc`).
@MainActor
final class BackgroundTime {
    /// Kept free for cancelling and ending before iOS's deadline.
    private static let margin: Double = 5

    /// Takes the assertion named `name` before it returns (so a caller may then let iOS suspend
    /// the app, as the upload session's completion handler does) and runs `work` under it.
    func start<T: Sendable>(named name: String, _ work: @escaping @Sendable (_ budget: Duration?) async -> T) -> Task<T, Never> {
        let application = UIApplication.shared
        let remaining = application.backgroundTimeRemaining
        // In the foreground the time left is "unlimited" (greatestFiniteMagnitude): no budget.
        let budget: Duration? = remaining < 3_600 ? .seconds(max(0, remaining - Self.margin)) : nil
        let task = Task { await work(budget) }
        let assertion = application.beginBackgroundTask(withName: name) {
            // Out of time: stop sending; the assertion ends below, once the work has unwound.
            task.cancel()
        }
        return Task {
            let result = await task.value
            if assertion != .invalid { application.endBackgroundTask(assertion) }
            return result
        }
    }
}
