import Foundation

/// A one-time sign-up link someone made, as their settings list it (the code itself is shown
/// once, when it is made, and kept only as its SHA-256).
public struct Invitation: Sendable, Equatable, Identifiable {
    /// Its id.
    public var id: UUID
    /// When it was made.
    public var createdAt: Date
    /// When it stops working.
    public var expiresAt: Date

    /// Makes an invitation.
    public init(id: UUID, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
