import Foundation

/// Which invitations are open at one moment, as the values an SQL filter uses
/// (`used_at IS NULL AND expires_at > expiringAfter`) and as a check on one row's values; both
/// come from `InvitationRule.open(at:)`, so the listing, the cap and a use agree. (A revoked
/// invitation is deleted, so neither sees it.)
struct OpenInvitations: Sendable, Equatable {
    /// An open invitation expires strictly after this moment.
    var expiringAfter: Date

    /// Whether an invitation, used at `usedAt` (if ever) and expiring at `expiresAt`, is open.
    func contains(usedAt: Date?, expiresAt: Date) -> Bool {
        Self.isUnused(usedAt: usedAt) && expiresAt > expiringAfter
    }

    /// Whether an invitation, used at `usedAt` (if ever), was never used: the half of being open
    /// that revoking one also asks (`InvitationRule.canRevoke(usedAt:)`).
    static func isUnused(usedAt: Date?) -> Bool {
        usedAt == nil
    }
}
