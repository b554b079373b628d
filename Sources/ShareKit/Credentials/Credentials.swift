import Foundation

/// What a signed-in client keeps: the server, the token, and whose it is.
public struct Credentials: Codable, Sendable, Equatable {
    /// The server's base address.
    public var server: URL
    /// The bearer token.
    public var token: String
    /// The account's id (shares in the outbox are stored for it).
    public var userID: UUID
    /// The account's user name, for messages.
    public var username: String
    /// The token's id, to revoke it on sign-out.
    public var tokenID: UUID?

    /// Makes credentials.
    public init(server: URL, token: String, userID: UUID, username: String, tokenID: UUID?) {
        self.server = server
        self.token = token
        self.userID = userID
        self.username = username
        self.tokenID = tokenID
    }
}
