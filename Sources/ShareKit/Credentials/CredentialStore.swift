/// Where the client keeps its credentials: the Keychain on Apple platforms, a 0600 file elsewhere.
public protocol CredentialStore: Sendable {
    /// The stored credentials; `nil` when signed out.
    func load() throws -> Credentials?
    /// Stores credentials, replacing any.
    func save(_ credentials: Credentials) throws
    /// Forgets the credentials (no error when there were none).
    func delete() throws
}
