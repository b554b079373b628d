import Foundation

/// The account a store keeps for a person.
public struct User: Codable, Sendable, Equatable, Identifiable {
    /// The user's id.
    public var id: UUID
    /// The user name they sign in with.
    public var username: String
    /// When the account was made.
    public var createdAt: Date

    /// Makes a user.
    public init(id: UUID, username: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.createdAt = createdAt
    }
}
