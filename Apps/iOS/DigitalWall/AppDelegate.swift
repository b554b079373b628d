import ShareKit
import UIKit

/// Owns the app's model (so a launch in the background, with no window, has one too) and
/// receives the extension's background uploads that ended after it closed: iOS wakes (or
/// launches) the app with the session's identifier; ShareKit's `UploadSessionEvents` decides
/// whether to open it (once per process: a later wake-up reuses it), each upload settles its
/// outbox entry, and the completion handler is called once the session has delivered
/// everything and the follow-up drain holds background time, so iOS suspends the app only then.
@MainActor
final class AppDelegate: NSObject, UIApplicationDelegate {
    /// The app's glue, read by `DigitalWallApp`.
    let model = AppModel()
    private lazy var events = model.environment.map { UploadSessionEvents(container: $0.container) }
    /// Every session opened in this process, kept (never opened twice: iOS allows one `URLSession`
    /// per background identifier in a process, valid until invalidated).
    private var uploaders: [String: BackgroundUploader] = [:]

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        guard let environment = model.environment, let events else { return completionHandler() }
        guard events.receive(identifier: identifier, completion: completionHandler) == .open else { return }
        // Settling needs only the outbox; the client is the signed-in account's (or none, in
        // which case the entry stays handed over until its lifetime passes and a drain takes it).
        let delivery = (try? environment.credentialStore.load()).flatMap { try? environment.delivery($0, policy: .background) }
        uploaders[identifier] = BackgroundUploader(
            identifier: identifier, container: environment.container,
            settle: { shareID, response, error in
                _ = delivery?.settleUpload(shareID: shareID, response: response, error: error)
            },
            eventsFinished: { identifier in
                // Every upload of the session is settled by now (same delegate queue, earlier).
                Task { @MainActor in self.sessionFinished(identifier) }
            }
        )
    }

    /// The session delivered everything. The order matters: the drain of what else waits takes
    /// its background time first, then the completion handler lets iOS suspend the app, which
    /// it now does only once that drain has let go of every outbox lock.
    private func sessionFinished(_ identifier: String) {
        model.startDrain(notify: true)
        events?.finished(identifier: identifier)
    }
}
