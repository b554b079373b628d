import WallCore

/// What the share sheet shows instead of (or over) the form, decided here so the SwiftUI view
/// only draws it: a headline, a detail, an SF Symbol, the haptic to play, and the buttons.
public struct ComposePresentation: Sendable, Equatable {
    /// The picture beside the headline (SF Symbol names).
    public enum Symbol: String, Sendable, Equatable {
        /// Saved on the server.
        case saved = "checkmark.circle.fill"
        /// Safe on this device; will sync.
        case willSync = "arrow.triangle.2.circlepath.icloud"
        /// Something went wrong.
        case error = "exclamationmark.triangle.fill"
        /// Kept on this device until someone signs in.
        case signedOut = "person.crop.circle.badge.questionmark"
        /// Nothing in the share can be saved.
        case nothing = "questionmark.square.dashed"
    }

    /// The haptic to play when it appears (`UINotificationFeedbackGenerator`'s three kinds).
    public enum Feedback: Sendable, Equatable {
        /// Saved.
        case success
        /// Queued, or nothing to do.
        case warning
        /// Failed.
        case error
    }

    /// The main line.
    public var headline: String
    /// A second line, when there is more to say.
    public var detail: String?
    /// The picture.
    public var symbol: Symbol?
    /// The haptic; `nil` for none.
    public var feedback: Feedback?
    /// The buttons, in order.
    public var actions: [ComposeAction]
    /// Whether it shows a progress spinner.
    public var isProgress: Bool
    /// How long it stays before the sheet closes by itself (as with Done); `nil` to wait for a tap.
    public var autoClose: Duration?

    /// Makes a presentation.
    public init(headline: String, detail: String? = nil, symbol: Symbol? = nil, feedback: Feedback? = nil, actions: [ComposeAction] = [], isProgress: Bool = false, autoClose: Duration? = nil) {
        self.headline = headline
        self.detail = detail
        self.symbol = symbol
        self.feedback = feedback
        self.actions = actions
        self.isProgress = isProgress
        self.autoClose = autoClose
    }

    /// What to show for a phase and the Post blocker; `nil` while the form should show (editing,
    /// or a blocker the form itself explains, such as a note that is too long) or once closed.
    public init?(phase: ComposePhase, blocker: PostBlocker?) {
        switch phase {
        case .closed: return nil
        case .posting: self.init(headline: "Saving…", isProgress: true)
        case .finished(let outcome): self.init(outcome: outcome)
        case .editing:
            switch blocker {
            case .nothingToShare?:
                self.init(
                    headline: "Nothing to save", detail: "Digital Wall saves links, text, pictures, PDFs and films.",
                    symbol: .nothing, feedback: .warning, actions: [.cancel]
                )
            default: return nil
            }
        }
    }

    /// What to show for an outcome.
    public init(outcome: ComposeOutcome) {
        switch outcome {
        case .saved(let responses):
            let duplicate = !responses.isEmpty && responses.allSatisfy(\.duplicate)
            self.init(
                headline: "Saved", detail: duplicate ? "It was already on your wall; it is on top again." : nil,
                symbol: .saved, feedback: .success, actions: outcome.actions, autoClose: .milliseconds(800)
            )
        case .queued(.unauthorized?):
            self.init(
                headline: "Kept on this device",
                detail: "Digital Wall isn't signed in here (or the server refused its sign-in). Open the app and sign in; this share is sent then.",
                symbol: .signedOut, feedback: .warning, actions: outcome.actions
            )
        case .queued(let reason):
            self.init(
                headline: "Saved on this device — will sync",
                detail: reason.map { $0.description + " It will be sent when the server can be reached." } ?? "It is being sent in the background.",
                symbol: .willSync, feedback: .warning, actions: outcome.actions, autoClose: .milliseconds(1800)
            )
        case .error(let error, let actions):
            self.init(headline: Self.headline(for: error), detail: error.description, symbol: .error, feedback: .error, actions: actions)
        case .partlySaved(let saved, let total, let error, let actions):
            self.init(
                headline: "Saved \(saved) of \(total)",
                detail: error.description + " The other \(saved == 1 ? "one is" : "\(saved) are") on your wall; there is no need to share "
                    + (saved == 1 ? "it" : "them") + " again.",
                symbol: .error, feedback: .error, actions: actions
            )
        }
    }

    private static func headline(for error: ShareError) -> String {
        switch error {
        case .unauthorized: "Sign in again"
        case .invalid, .tooLarge, .unsupported: "The server can't take this"
        case .notFound: "That wall is gone"
        case .storage: "Couldn't save on this device"
        default: "Not saved"
        }
    }
}
