import Foundation
import Testing
import WallCore
import WallStore

/// Invitations on both stores: made, listed, revoked, used once, never after they expire.
@Suite("Invitations")
struct InvitationStoreTests {
    let later = Date(timeIntervalSinceNow: 7 * 24 * 3600)

    @Test("An invitation makes one account with its default wall, then is used up", arguments: StoreFactory.all)
    func usedOnce(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser("alice")
            let invitation = try await store.createInvitation(codeHash: "hash-1", userID: alice.id, expiresAt: later)
            #expect(try await store.invitations(userID: alice.id) == [invitation])
            #expect(try await store.invitationIsOpen(codeHash: "hash-1"))

            let carol = try await store.acceptInvitation(codeHash: "hash-1", username: "carol", passwordHash: "h")

            #expect(try await store.walls(userID: carol.id).map(\.slug) == ["inbox"])
            #expect(try await store.credentials(username: "carol")?.user == carol)
            #expect(try await !store.invitationIsOpen(codeHash: "hash-1"))
            #expect(try await store.invitations(userID: alice.id).isEmpty)
            await #expect(throws: StoreError.notFound("invitation")) {
                try await store.acceptInvitation(codeHash: "hash-1", username: "dave", passwordHash: "h")
            }
            #expect(try await store.credentials(username: "dave") == nil)
        }
    }

    @Test("A taken name leaves the invitation open; an expired, revoked or unknown one makes nothing",
          arguments: StoreFactory.all)
    func refusals(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser("alice")
            _ = try await store.createInvitation(codeHash: "open", userID: alice.id, expiresAt: later)
            let expired = try await store.createInvitation(
                codeHash: "expired", userID: alice.id, expiresAt: Date(timeIntervalSince1970: 1)
            )
            let revoked = try await store.createInvitation(codeHash: "revoked", userID: alice.id, expiresAt: later)

            await #expect(throws: StoreError.usernameTaken) {
                try await store.acceptInvitation(codeHash: "open", username: "alice", passwordHash: "h")
            }
            #expect(try await store.invitationIsOpen(codeHash: "open"))
            #expect(try await !store.invitations(userID: alice.id).contains(expired))
            #expect(try await store.revokeInvitation(id: revoked.id, userID: alice.id))
            #expect(try await !store.revokeInvitation(id: revoked.id, userID: alice.id))
            for hash in ["expired", "revoked", "unknown"] {
                await #expect(throws: StoreError.notFound("invitation")) {
                    try await store.acceptInvitation(codeHash: hash, username: "carol-\(hash)", passwordHash: "h")
                }
            }
            #expect(try await store.userCount() == 1)
        }
    }

    @Test("An unused invitation is revoked by its maker alone, expired or not; a used one stays",
          arguments: StoreFactory.all)
    func revocation(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser("alice")
            let bob = try await store.newUser("bob")
            let used = try await store.createInvitation(codeHash: "used", userID: alice.id, expiresAt: later)
            let expired = try await store.createInvitation(
                codeHash: "expired", userID: alice.id, expiresAt: Date(timeIntervalSince1970: 1)
            )
            let open = try await store.createInvitation(codeHash: "open", userID: alice.id, expiresAt: later)
            _ = try await store.acceptInvitation(codeHash: "used", username: "carol", passwordHash: "h")

            #expect(try await !store.revokeInvitation(id: used.id, userID: alice.id), "a used invitation stays")
            #expect(try await !store.revokeInvitation(id: open.id, userID: bob.id), "only its maker revokes it")
            #expect(try await store.invitationIsOpen(codeHash: "open"))
            #expect(try await store.revokeInvitation(id: expired.id, userID: alice.id))
            #expect(try await store.revokeInvitation(id: open.id, userID: alice.id))
            #expect(try await !store.invitationIsOpen(codeHash: "open"))
            #expect(try await store.invitations(userID: alice.id).isEmpty)
            #expect(try await !store.revokeInvitation(id: expired.id, userID: alice.id), "already gone")
        }
    }

    @Test("A person can't have more than the limit of open invitations", arguments: StoreFactory.all)
    func openLimit(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser("alice")
            for index in 0..<Limits.maxOpenInvitationsPerUser {
                _ = try await store.createInvitation(codeHash: "code-\(index)", userID: alice.id, expiresAt: later)
            }
            await #expect(throws: StoreError.self) {
                try await store.createInvitation(codeHash: "one-more", userID: alice.id, expiresAt: later)
            }
            #expect(try await !store.invitationIsOpen(codeHash: "one-more"))
        }
    }

    @Test("The listing and the cap (SQL filters) and a use (the rule on one row) agree on which invitations are open",
          arguments: StoreFactory.all)
    func filterAndRuleAgree(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            // The stores' clock starts at 2026-01-01T00:00:00Z and moves a millisecond a reading.
            let start = Date(timeIntervalSince1970: 1_767_225_600)
            let alice = try await store.newUser("alice")
            let expiries: [String: Date] = [
                "past": start.addingTimeInterval(-86_400), "long-past": Date(timeIntervalSince1970: 1),
                "soon": start.addingTimeInterval(60), "later": start.addingTimeInterval(86_400),
                "used": start.addingTimeInterval(86_400),
            ]
            var made: [String: Invitation] = [:]
            for (hash, expiresAt) in expiries.sorted(by: { $0.key < $1.key }) {
                made[hash] = try await store.createInvitation(codeHash: hash, userID: alice.id, expiresAt: expiresAt)
            }
            _ = try await store.acceptInvitation(codeHash: "used", username: "carol", passwordHash: "h")

            let listed = Set(try await store.invitations(userID: alice.id).map(\.id))
            var usable: Set<UUID> = []
            for (hash, invitation) in made {
                if try await store.invitationIsOpen(codeHash: hash) { usable.insert(invitation.id) }
            }
            #expect(listed == usable, "the listing's filter and the rule disagree")
            #expect(listed == Set(["soon", "later"].compactMap { made[$0]?.id }))

            // The cap counts the same two: the rest of it can still be made, and no more.
            for index in 0..<(Limits.maxOpenInvitationsPerUser - listed.count) {
                _ = try await store.createInvitation(codeHash: "more-\(index)", userID: alice.id, expiresAt: later)
            }
            await #expect(throws: StoreError.self) {
                try await store.createInvitation(codeHash: "one-more", userID: alice.id, expiresAt: later)
            }
        }
    }
}
