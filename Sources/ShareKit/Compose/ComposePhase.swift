/// Where the compose sheet is.
public enum ComposePhase: Sendable, Equatable {
    /// The person is editing.
    case editing
    /// Sending.
    case posting
    /// Showing the outcome.
    case finished(ComposeOutcome)
    /// Done: the sheet should close, for this reason.
    case closed(ComposeAction)
}
