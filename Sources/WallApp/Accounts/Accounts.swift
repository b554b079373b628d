import Foundation
import WallCore
import WallStore

/// Users, passwords and tokens: the rules shared by the API and the `dwall user`/`token` commands.
public struct Accounts: Sendable {
    /// Where accounts are kept.
    public let store: any WallStore
    /// How passwords are hashed.
    public let hasher: PasswordHasher

    /// Makes the account rules over a store.
    public init(store: any WallStore, hasher: PasswordHasher) {
        self.store = store
        self.hasher = hasher
    }

    /// Makes a user (with their default wall); throws a validation error or `StoreError.usernameTaken`.
    public func createUser(username: String, password: String) async throws -> User {
        let name = try UserRules.newUsername(username)
        try UserRules.newPassword(password)
        return try await store.createUser(username: name, passwordHash: try await hasher.hash(password))
    }

    /// The user, when the name and password match; `nil` otherwise (taking as long either way).
    public func signIn(username: String, password: String) async throws -> User? {
        guard let credentials = try await store.credentials(username: username) else {
            _ = try await hasher.verify(password, hash: try await decoyHash())
            return nil
        }
        return try await hasher.verify(password, hash: credentials.passwordHash) ? credentials.user : nil
    }

    /// Makes a token for a user; the secret is in the answer and nowhere else.
    public func issueToken(userID: UUID, label: String) async throws -> NewToken {
        guard try await store.tokens(userID: userID).count < Limits.maxTokensPerUser else {
            throw ValidationError(
                .invalidField, field: nil,
                "You have \(Limits.maxTokensPerUser) API tokens, the most one person may have; revoke one you no longer use first."
            )
        }
        let secret = TokenSecret.generate()
        let info = try await store.createToken(userID: userID, label: label, tokenHash: TokenSecret.hash(secret))
        return NewToken(token: secret, info: info)
    }

    /// Gives a user a new password, checked by the password rules (`field` names it in the
    /// refusal); their sessions and tokens are left to the caller.
    public func setPassword(_ password: String, userID: UUID, field: String = "password") async throws {
        try UserRules.newPassword(password, field: field)
        _ = try await store.setPasswordHash(try await hasher.hash(password), userID: userID)
    }

    /// Revokes every token of a user; returns their ids (for caches to forget).
    public func revokeAllTokens(userID: UUID) async throws -> [UUID] {
        let tokens = try await store.tokens(userID: userID)
        for token in tokens { _ = try await store.revokeToken(id: token.id, userID: userID) }
        return tokens.map(\.id)
    }

    /// The user with this name; throws `StoreError.notFound("user")` when there is none.
    public func requireUser(named username: String) async throws -> User {
        guard let credentials = try await store.credentials(username: username) else {
            throw StoreError.notFound("user")
        }
        return credentials.user
    }

    private func decoyHash() async throws -> String {
        try await DecoyHash.shared.value(hasher)
    }
}

/// One bcrypt hash per process of a throwaway password, made on first need.
private actor DecoyHash {
    static let shared = DecoyHash()
    private var hash: String?

    func value(_ hasher: PasswordHasher) async throws -> String {
        if let hash { return hash }
        let made = try await hasher.decoy()
        hash = made
        return made
    }
}
