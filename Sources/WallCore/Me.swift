import Foundation

/// The answer to `GET /v1/me`: who a token belongs to.
public struct Me: Codable, Sendable, Equatable {
    /// The signed-in user.
    public var user: User
    /// The id of the token in use (to revoke it on sign-out).
    public var tokenId: UUID

    /// Makes an answer.
    public init(user: User, tokenId: UUID) {
        self.user = user
        self.tokenId = tokenId
    }
}
