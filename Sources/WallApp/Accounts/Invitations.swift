import Foundation
import WallCore
import WallStore

/// One-time sign-up links: anyone with an account may invite someone to make theirs (so the
/// people they share walls with need nobody to run `dwall user create`).
public struct Invitations: Sendable {
    /// Where invitations and accounts are kept.
    public let store: any WallStore
    /// How the new account's password is hashed.
    public let hasher: PasswordHasher
    /// The clock invitations expire by.
    public let clock: @Sendable () -> Date

    /// Makes the use case.
    public init(store: any WallStore, hasher: PasswordHasher, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.hasher = hasher
        self.clock = clock
    }

    /// A new invitation and its code (shown once; only its SHA-256 is kept), open for
    /// `Limits.invitationLifetime`.
    public func invite(userID: UUID) async throws -> (code: String, invitation: Invitation) {
        let code = TokenSecret.generate(prefix: "di_")
        let expiry = clock().addingTimeInterval(Double(Limits.invitationLifetime.components.seconds))
        let invitation = try await store.createInvitation(codeHash: TokenSecret.hash(code), userID: userID, expiresAt: expiry)
        return (code, invitation)
    }

    /// Whether `code` can still be used.
    public func isOpen(_ code: String) async throws -> Bool {
        guard code.utf8.count <= 100 else { return false }
        return try await store.invitationIsOpen(codeHash: TokenSecret.hash(code))
    }

    /// Makes the account the invitation was for; a validation error for a bad name or password,
    /// `StoreError.notFound("invitation")` for a used or expired code, `.usernameTaken`.
    public func join(code: String, username: String, password: String) async throws -> User {
        let name = try UserRules.newUsername(username)
        try UserRules.newPassword(password)
        guard try await isOpen(code) else { throw StoreError.notFound("invitation") }
        return try await store.acceptInvitation(
            codeHash: TokenSecret.hash(code), username: name, passwordHash: try await hasher.hash(password)
        )
    }
}
