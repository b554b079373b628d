import Foundation
import Testing
import WallCore
import WallStore

/// Web wall sessions: found by their secret's hash until they expire, ended one by one or all
/// but one, slid forward by use, swept when expired; and the newest event's seq.
@Suite("Web sessions")
struct SessionStoreTests {
    private static let day: TimeInterval = 86_400

    @Test("A session is found by its hash until it expires", arguments: StoreFactory.all)
    func sessionIsFoundUntilItExpires(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let user = try await store.newUser()
            let expires = Date().addingTimeInterval(Self.day).roundedToMillis
            let made = try await store.createSession(userID: user.id, secretHash: "hash-1", userAgent: "Firefox", expiresAt: expires)

            let found = try #require(try await store.session(secretHash: "hash-1", now: Date()))
            #expect(found == made)
            #expect(found.userID == user.id)
            #expect(found.userAgent == "Firefox")
            #expect(found.expiresAt == expires)
            #expect(try await store.session(secretHash: "hash-2", now: Date()) == nil)
            #expect(try await store.session(secretHash: "hash-1", now: expires.addingTimeInterval(1)) == nil)
        }
    }

    @Test("Signing out ends only that session, and only for its owner", arguments: StoreFactory.all)
    func deleteSessionEndsOneSession(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let later = Date().addingTimeInterval(Self.day)
            let first = try await store.createSession(userID: alice.id, secretHash: "a1", userAgent: nil, expiresAt: later)
            _ = try await store.createSession(userID: alice.id, secretHash: "a2", userAgent: nil, expiresAt: later)

            #expect(try await store.deleteSession(id: first.id, userID: bob.id) == false)
            #expect(try await store.session(secretHash: "a1", now: Date()) != nil)
            #expect(try await store.deleteSession(id: first.id, userID: alice.id))
            #expect(try await store.deleteSession(id: first.id, userID: alice.id) == false)
            #expect(try await store.session(secretHash: "a1", now: Date()) == nil)
            #expect(try await store.session(secretHash: "a2", now: Date()) != nil)
        }
    }

    @Test("A password change can end every other session", arguments: StoreFactory.all)
    func deleteSessionsKeepsOne(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let later = Date().addingTimeInterval(Self.day)
            let kept = try await store.createSession(userID: alice.id, secretHash: "a1", userAgent: nil, expiresAt: later)
            _ = try await store.createSession(userID: alice.id, secretHash: "a2", userAgent: nil, expiresAt: later)
            _ = try await store.createSession(userID: alice.id, secretHash: "a3", userAgent: nil, expiresAt: later)
            _ = try await store.createSession(userID: bob.id, secretHash: "b1", userAgent: nil, expiresAt: later)

            #expect(try await store.deleteSessions(userID: alice.id, keeping: kept.id) == 2)
            #expect(try await store.session(secretHash: "a1", now: Date()) != nil)
            #expect(try await store.session(secretHash: "a2", now: Date()) == nil)
            #expect(try await store.session(secretHash: "b1", now: Date()) != nil)
            #expect(try await store.deleteSessions(userID: alice.id, keeping: nil) == 1)
            #expect(try await store.session(secretHash: "a1", now: Date()) == nil)
        }
    }

    @Test("Use slides the expiry forward, never back", arguments: StoreFactory.all)
    func useSlidesExpiry(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let user = try await store.newUser()
            let start = Date().roundedToMillis
            let session = try await store.createSession(
                userID: user.id, secretHash: "s", userAgent: nil, expiresAt: start.addingTimeInterval(Self.day)
            )
            let seen = start.addingTimeInterval(3_600)

            try await store.recordSessionUse([session.id: seen], lifetime: 2 * Self.day)
            let slid = try #require(try await store.session(secretHash: "s", now: start))
            #expect(slid.lastSeenAt == seen)
            #expect(slid.expiresAt == seen.addingTimeInterval(2 * Self.day))

            try await store.recordSessionUse([session.id: start], lifetime: 60)
            let unchanged = try #require(try await store.session(secretHash: "s", now: start))
            #expect(unchanged.expiresAt == seen.addingTimeInterval(2 * Self.day))
            #expect(unchanged.lastSeenAt == seen)
            try await store.recordSessionUse([:], lifetime: 60)
        }
    }

    @Test("Expired sessions are swept", arguments: StoreFactory.all)
    func expiredSessionsAreSwept(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let user = try await store.newUser()
            let now = Date()
            _ = try await store.createSession(userID: user.id, secretHash: "old", userAgent: nil, expiresAt: now.addingTimeInterval(-1))
            _ = try await store.createSession(userID: user.id, secretHash: "new", userAgent: nil, expiresAt: now.addingTimeInterval(Self.day))

            #expect(try await store.deleteExpiredSessions(before: now) == 1)
            #expect(try await store.deleteExpiredSessions(before: now) == 0)
            #expect(try await store.session(secretHash: "new", now: now) != nil)
        }
    }

    @Test("lastEventSeq is the user's newest event", arguments: StoreFactory.all)
    func lastEventSeqIsTheNewest(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            #expect(try await store.lastEventSeq(userID: alice.id) == 0)
            try await store.save(try linkShare("https://example.com/1"), for: alice)
            try await store.save(try linkShare("https://example.com/2"), for: alice)
            try await store.save(try linkShare("https://example.com/3"), for: bob)

            let events = try await store.events(after: 0, userID: alice.id, limit: 10)
            #expect(try await store.lastEventSeq(userID: alice.id) == events.last?.seq)
            #expect(try await store.lastEventSeq(userID: bob.id) > (events.last?.seq ?? 0))
        }
    }
}
