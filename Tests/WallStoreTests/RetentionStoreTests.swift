import Foundation
import Testing
import WallCore
import WallStore

/// Pruning (`prune`): the event log's horizon, dead jobs, share receipts, expired sessions.
@Suite("Retention")
struct RetentionStoreTests {
    static let day: TimeInterval = 86_400

    @Test("Pruning removes events past the horizon, keeps the newest, and moves the horizon", arguments: StoreFactory.all)
    func eventsPastTheHorizonGo(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let start = try await store.save(linkShare("https://example.com/0"), for: alice).item.createdAt
            for number in 1...4 { try await store.save(linkShare("https://example.com/\(number)"), for: alice) }
            let events = try await store.allEvents(for: alice)
            #expect(try await store.eventHorizon() == 0, "nothing pruned yet")

            // Within the horizon nothing goes.
            let early = try await store.prune(RetentionPolicy(events: 30 * Self.day), now: start + 29 * Self.day)
            #expect(early.events == 0)
            #expect(try await store.allEvents(for: alice) == events)

            // Past it, every event but the newest goes: seqs are never handed out again.
            let late = try await store.prune(RetentionPolicy(events: 30 * Self.day), now: start + 31 * Self.day)
            #expect(late.events == 4)
            let newest = try #require(events.last)
            #expect(try await store.allEvents(for: alice) == [newest])
            #expect(try await store.eventHorizon() == newest.seq - 1)
            // A page rendered now resumes at or after the horizon, so it is never told to reset.
            #expect(try await store.lastEventSeq(userID: alice.id) == newest.seq)
            #expect(try await store.lastEventSeq(userID: bob.id) == newest.seq - 1)
        }
    }

    @Test("Dead jobs go a while after they died; queued ones stay", arguments: StoreFactory.all)
    func deadJobsGo(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let item = try await store.save(linkShare("https://example.com/a"), for: alice).item
            let dead = try await store.jobs.enqueue(NewJob(kind: "test.dead", itemID: item.id, userID: alice.id))
            let waiting = try await store.jobs.enqueue(NewJob(kind: "test.waiting", itemID: item.id, userID: alice.id))
            let claimed = try #require(try await store.jobs.claim(["test.dead"]).first?.lease)
            #expect(try await store.jobs.fail(claimed, error: "broken", permanent: true, retry: .tests) == .dead)

            let soon = try await store.prune(RetentionPolicy(deadJobs: 30 * Self.day), now: dead.createdAt + Self.day)
            #expect(soon.deadJobs == 0, "a dead job stays visible for a while")
            let later = try await store.prune(RetentionPolicy(deadJobs: 30 * Self.day), now: dead.createdAt + 31 * Self.day)
            #expect(later.deadJobs == 1)
            #expect(try await store.jobs.all().map(\.id) == [waiting.id])
        }
    }

    @Test("A resend is recognised until its receipt's time is up", arguments: StoreFactory.all)
    func receiptsGoAfterTheirTime(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let share = try textShare("remember this")
            let first = try await store.save(share, for: alice)
            let start = first.item.createdAt
            #expect(try await store.prune(RetentionPolicy(receipts: 90 * Self.day), now: start + 89 * Self.day).receipts == 0)
            let resent = try await store.save(share, for: alice)
            #expect(resent.item.id == first.item.id, "within the promise a resend answers the same item")

            #expect(try await store.prune(RetentionPolicy(receipts: 90 * Self.day), now: start + 91 * Self.day).receipts == 1)
            #expect(try await store.allItems(for: alice).count == 1, "pruning a receipt leaves its item")
        }
    }
}
