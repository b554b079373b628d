import Foundation
import Testing
import WallCore
@testable import WallStore

/// Should a transaction's events be registered with the relay only after their notice was
/// handled (from the log), the late registration is dropped, not kept for ever.
@Suite("PostgreSQL relay and late registrations", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresLateExpectTests {
    @Test("Events registered after their notice was handled are dropped; registered before, they are published from memory")
    func lateRegistrationIsDropped() async throws {
        try await withPostgresReplicas(1) { replicas, _ in
            let store = try #require(replicas[0] as? PostgresStore)
            let alice = try await store.newUser("alice")
            let relay = store.eventTransactions.relay
            let origin = store.eventTransactions.origin
            try await waitUntil { relay.sighting.caughtUp }
            let seen = relay.sighting.lastSeen
            let item = Item(id: UUID(), kind: .text, wallId: UUID(), source: .api, createdAt: Date(), updatedAt: Date())
            func batch(_ seq: Int64) -> PostgresEventBatch {
                var events = PostgresEventBatch()
                events.append(.created, item: item, userID: alice.id, seq: seq)
                events.markAnnounced(maxSeq: seq)
                return events
            }
            func notice(_ seq: Int64) -> String {
                PostgresEventNotice(origin: origin, maxSeq: seq, naming: [alice.id]).payload
            }

            // The notice first (nobody subscribed: nothing read), then the late registration.
            try await relay.handle(notice(seen + 1))
            relay.expect(batch(seen + 1))
            #expect(relay.pendingNotices == 0)

            // Registered before its notice: published from memory, then gone.
            var feed = store.feed.subscribe(userID: alice.id).makeAsyncIterator()
            relay.expect(batch(seen + 2))
            #expect(relay.pendingNotices == 1)
            try await relay.handle(notice(seen + 2))
            #expect(relay.pendingNotices == 0)
            let published = await feed.next()
            #expect(published?.seq == seen + 2 && published?.itemId == item.id)
        }
    }
}
