import ShareKit
import UIKit

/// Receives the extension's background uploads that ended after it closed: iOS wakes (or
/// launches) the app with the session's identifier; ShareKit's `UploadSessionEvents` decides
/// whether to open it, each upload settles its outbox entry, and the completion handler is
/// called once the session has delivered everything, so iOS suspends the app only then.
@MainActor
final class AppDelegate: NSObject, UIApplicationDelegate {
    private let environment = AppEnvironment()
    private lazy var events = environment.map { UploadSessionEvents(container: $0.container) }
    private var uploaders: [String: BackgroundUploader] = [:]

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        guard let environment, let events else { return completionHandler() }
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

    /// Lets iOS suspend the app again, and has the app read the outbox anew.
    private func sessionFinished(_ identifier: String) {
        uploaders[identifier] = nil
        events?.finished(identifier: identifier)
        NotificationCenter.default.post(name: OutboxSignal.received, object: nil)
    }
}
