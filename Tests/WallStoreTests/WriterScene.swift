import Foundation
import Testing
import WallCore
@testable import WallStore

/// The scene the PostgreSQL writer's outcome tests share: two replicas on one database, Alice
/// with a stored item and a wall "Trip" Bob contributes to, both replicas' feeds of Alice's
/// events opened after the stored item, and a writer on the first replica.
struct WriterScene {
    let store: PostgresStore
    let alice: User
    let bob: User
    let trip: Wall
    let storedID: UUID
    let stored: Item
    /// Alice's last event before the feeds were opened.
    let before: Int64
    let writer: PostgresShareWriter
    private var feeds: [AsyncStream<ItemEvent>.Iterator]

    /// Runs `body` with the scene on two fresh replicas.
    static func run(_ body: (inout WriterScene) async throws -> Void) async throws {
        try await withPostgresReplicas(2) { replicas, _ in
            var scene = try await WriterScene(replicas)
            try await body(&scene)
        }
    }

    private init(_ replicas: [any WallStore]) async throws {
        store = try #require(replicas[0] as? PostgresStore)
        alice = try await store.newUser("alice")
        bob = try await store.newUser("bob")
        trip = try await store.newWall("Trip", for: alice)
        _ = try await store.setMember(wallID: trip.id, username: "bob", role: .contributor, userID: alice.id)
        storedID = UUID()
        stored = try await store.save(try linkShare("https://example.com/stored", id: storedID), for: alice).item
        before = try await store.lastSeq(for: alice)
        feeds = [
            store.feed.subscribe(userID: alice.id).makeAsyncIterator(),
            replicas[1].feed.subscribe(userID: alice.id).makeAsyncIterator(),
        ]
        writer = PostgresShareWriter(
            transactions: store.eventTransactions, clock: { Date() }, followUps: .none, jobSignal: store.jobSignal
        )
    }

    /// Checks that Alice's events logged since `before` (`count` of them) reach each replica's
    /// feed once, in order.
    mutating func expectFeedsDeliverAliceEvents(count: Int) async throws {
        let logged = try await store.allEvents(after: before, for: alice).map(\.seq)
        #expect(logged.count == count)
        for index in feeds.indices {
            var delivered: [Int64] = []
            // A feed is told of a commit through PostgreSQL's notifications, so the stored item's
            // event (written before the subscription) may still arrive; like a stream resumed
            // after `before`, the check passes over it.
            while delivered.count < logged.count, let event = await feeds[index].next() {
                if event.seq > before { delivered.append(event.seq) }
            }
            #expect(delivered == logged, "replica \(index)'s feed")
        }
    }

    /// Alice's items' links, on every wall.
    func aliceLinks() async throws -> Set<String> {
        Set(try await store.allItems(for: alice).compactMap(\.url))
    }
}
