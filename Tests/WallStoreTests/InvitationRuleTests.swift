import Foundation
import Testing
import WallCore
@testable import WallStore

/// The invitation rule on plain values: how many a person may have open, when one can be used,
/// and when revoked. (A revoked invitation is deleted, so no rule sees it; `InvitationStoreTests`
/// proves that.)
@Suite("Invitation rule")
struct InvitationRuleTests {
    let now = Date(timeIntervalSince1970: 1_767_000_000)

    @Test("An unused invitation can be used until the moment it expires, and not from then on")
    func openUntilItExpires() {
        #expect(InvitationRule.isOpen(usedAt: nil, expiresAt: now.addingTimeInterval(0.001), now: now))
        #expect(InvitationRule.isOpen(usedAt: nil, expiresAt: now.addingTimeInterval(7 * 24 * 3600), now: now))
        #expect(!InvitationRule.isOpen(usedAt: nil, expiresAt: now, now: now), "it expires at expiresAt itself")
        #expect(!InvitationRule.isOpen(usedAt: nil, expiresAt: now.addingTimeInterval(-1), now: now))
    }

    @Test("The filter the backends use names the moment an open invitation must outlive, and checks one alike")
    func openFilter() {
        let open = InvitationRule.open(at: now)
        #expect(open == OpenInvitations(expiringAfter: now))
        let cases: [(usedAt: Date?, expiresAt: Date)] = [
            (nil, now.addingTimeInterval(0.001)), (nil, now), (nil, now.addingTimeInterval(-1)),
            (now.addingTimeInterval(-60), now.addingTimeInterval(3600)),
        ]
        #expect(cases.map { open.contains(usedAt: $0.usedAt, expiresAt: $0.expiresAt) } == [true, false, false, false])
        for (usedAt, expiresAt) in cases {
            #expect(open.contains(usedAt: usedAt, expiresAt: expiresAt)
                == InvitationRule.isOpen(usedAt: usedAt, expiresAt: expiresAt, now: now))
        }
    }

    @Test("A used invitation can't be used again, however long it had left")
    func usedOnce() {
        let later = now.addingTimeInterval(3600)
        #expect(!InvitationRule.isOpen(usedAt: now.addingTimeInterval(-60), expiresAt: later, now: now))
        #expect(!InvitationRule.isOpen(usedAt: now, expiresAt: later, now: now))
        #expect(!InvitationRule.isOpen(usedAt: now.addingTimeInterval(-60), expiresAt: now.addingTimeInterval(-1), now: now))
    }

    @Test("An unused invitation can be revoked, open or expired; a used one can't, and is never open")
    func revocableWhileUnused() {
        #expect(InvitationRule.canRevoke(usedAt: nil))
        #expect(!InvitationRule.canRevoke(usedAt: now))
        #expect(!InvitationRule.canRevoke(usedAt: now.addingTimeInterval(-3600)))
        // Revocation asks the same "unused" the open check asks: what can't be revoked is never open.
        for usedAt in [nil, now, now.addingTimeInterval(-60)] as [Date?] {
            for expiresAt in [now.addingTimeInterval(-1), now.addingTimeInterval(3600)] {
                if InvitationRule.isOpen(usedAt: usedAt, expiresAt: expiresAt, now: now) {
                    #expect(InvitationRule.canRevoke(usedAt: usedAt), "open, so revocable")
                }
            }
        }
        #expect(OpenInvitations.isUnused(usedAt: nil) && !OpenInvitations.isUnused(usedAt: now))
    }

    @Test("A person may have up to the cap open at once; the next is refused with a way out")
    func capOnOpenInvitations() throws {
        let cap = Limits.maxOpenInvitationsPerUser
        #expect(cap > 1)
        for open in [0, 1, cap - 1] {
            #expect(throws: Never.self, "\(open) open") { try InvitationRule.checkCreate(open: open) }
        }
        for open in [cap, cap + 1] {
            #expect(throws: StoreError.conflict("You have \(cap) open invitations; revoke one first."), "\(open) open") {
                try InvitationRule.checkCreate(open: open)
            }
        }
    }
}
