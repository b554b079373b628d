import Foundation

/// What a drain did.
public struct DrainReport: Sendable, Equatable {
    /// A share the server refused for good.
    public struct Refusal: Sendable, Equatable {
        /// The share's id.
        public var shareID: UUID
        /// The server's reason.
        public var error: ShareError

        /// Makes a refusal.
        public init(shareID: UUID, error: ShareError) {
            self.shareID = shareID
            self.error = error
        }
    }

    /// The final counts.
    public var progress: DrainProgress
    /// Shares refused for good, moved to `failed/`.
    public var refused: [Refusal] = []
    /// Unreadable files moved to `damaged/`.
    public var damaged: [DamagedEntry] = []
    /// Shares another process was sending, or a background upload owns.
    public var busy = 0
    /// Shares stored for another account, left for it.
    public var otherAccount = 0
    /// Why the drain stopped before the end (401, server unreachable, a long `Retry-After`); `nil` if it didn't.
    public var stoppedBy: ShareError?
    /// Shares still pending after the drain.
    public var remaining = 0
    /// The server refused the drain's token (a 401 stopped it): which token, for `SignInModel.tokenRefused`.
    public var tokenRefusal: TokenRefusal?

    /// Makes a report.
    public init(progress: DrainProgress) { self.progress = progress }
}
