import WallCore

/// What to show after posting.
public enum ComposeOutcome: Sendable, Equatable {
    /// The server has everything that was shared.
    case saved([ShareResponse])
    /// Safe on this device and will sync ("saved on this device, will sync"); `reason` is why not
    /// now (`.unauthorized` when nobody is signed in or the server refused the token: it is sent
    /// once the person signs in again in the app).
    case queued(reason: ShareError?)
    /// Something needs the person: the error and the actions that make sense for it.
    case error(ShareError, actions: [ComposeAction])
    /// Some of several shares are saved (`saved` of `total`) and one failed: the error and its
    /// actions, which concern only the shares not saved (so that nobody shares the saved ones
    /// again, storing them twice).
    case partlySaved(saved: Int, total: Int, error: ShareError, actions: [ComposeAction])

    /// The outcome of delivering a compose's shares: an error if any share failed or the token
    /// was refused (saying how many others are saved), else queued if any waits in the outbox,
    /// else saved.
    public init(results: [DeliveryResult]) {
        var queued = false
        var queuedReason: ShareError?
        var failure: ShareError?
        var saved = 0
        var responses: [ShareResponse] = []
        for result in results {
            switch result {
            case .failed(_, let error):
                failure = failure ?? error
            case .queued(_, let reason):
                queued = true
                queuedReason = queuedReason ?? reason
            case .saved(_, let response):
                saved += 1
                if let response { responses.append(response) }
            }
        }
        if let failure {
            self = saved > 0
                ? .partlySaved(saved: saved, total: results.count, error: failure, actions: Self.actions(for: failure))
                : .error(failure, actions: Self.actions(for: failure))
        } else if queued {
            self = .queued(reason: queuedReason)
        } else {
            self = .saved(responses)
        }
    }

    /// The actions an error offers: retry when it may pass, keep for later when the share can
    /// wait in the outbox, and always cancel. (A refused token is not an error here: the share
    /// waits on this device for the person to sign in again in the app.)
    public static func actions(for error: ShareError) -> [ComposeAction] {
        var actions: [ComposeAction] = []
        if error.isRetryable { actions.append(.retry) }
        if error.shouldKeepForLater { actions.append(.keepForLater) }
        actions.append(.cancel)
        return actions
    }

    /// The actions this outcome offers.
    public var actions: [ComposeAction] {
        switch self {
        case .saved, .queued: [.done]
        case .error(_, let actions), .partlySaved(_, _, _, let actions): actions
        }
    }
}
