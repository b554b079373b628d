/// Why the Post button is disabled.
public enum PostBlocker: Sendable, Equatable {
    /// Extraction found nothing Digital Wall can take.
    case nothingToShare
    /// The note is over its limit by this many characters.
    case noteTooLong(by: Int)
    /// A post is in progress.
    case posting
    /// It has been posted; the outcome is showing.
    case posted
}
