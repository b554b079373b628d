import Foundation
import WallCore

/// When an invitation may be made and used, decided on plain values: a person has at most
/// `Limits.maxOpenInvitationsPerUser` open at once; one is used once, before it expires, and
/// revoked only while unused.
enum InvitationRule {
    /// Refuses a new invitation for someone who has `open` unexpired, unused ones.
    static func checkCreate(open: Int) throws(StoreError) {
        guard open < Limits.maxOpenInvitationsPerUser else {
            throw .conflict("You have \(Limits.maxOpenInvitationsPerUser) open invitations; revoke one first.")
        }
    }

    /// The invitations open at `now`: never used, and expiring after `now` (one expires at its
    /// `expiresAt` itself). The backends filter rows with these values and check one with it.
    static func open(at now: Date) -> OpenInvitations {
        OpenInvitations(expiringAfter: now)
    }

    /// Whether an invitation, used at `usedAt` (if ever) and expiring at `expiresAt`, can be used at `now`.
    static func isOpen(usedAt: Date?, expiresAt: Date, now: Date) -> Bool {
        open(at: now).contains(usedAt: usedAt, expiresAt: expiresAt)
    }

    /// Whether an invitation, used at `usedAt` (if ever), may be revoked: only while unused, open
    /// or expired; a used one stays, the record of who joined through it. The backends read the
    /// row under their lock, ask this, and delete it.
    static func canRevoke(usedAt: Date?) -> Bool {
        OpenInvitations.isUnused(usedAt: usedAt)
    }
}
