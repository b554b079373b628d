import Foundation

/// A signed-in browser: the web wall's session, kept by the SHA-256 of the cookie's secret.
///
/// Sessions slide: each use (recorded in batches) moves `expiresAt` to a full lifetime after it.
public struct WebSession: Sendable, Equatable, Identifiable {
    /// The session's id (never the secret, which only the browser holds).
    public var id: UUID
    /// Whose session it is.
    public var userID: UUID
    /// When the person signed in.
    public var createdAt: Date
    /// When the browser was last seen, to the nearest minute or so.
    public var lastSeenAt: Date
    /// When the session stops working unless it is used before then.
    public var expiresAt: Date
    /// The browser's `User-Agent` when it signed in, shortened, to tell sessions apart.
    public var userAgent: String?

    /// Makes a session.
    public init(id: UUID, userID: UUID, createdAt: Date, lastSeenAt: Date, expiresAt: Date, userAgent: String?) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
    }
}
