import Foundation
import Testing
import WallCore
@testable import WallStore

/// A replica keeps one batch of shares in flight while another replica writes, two while it is
/// alone: it counts another replica as writing for a while after hearing its notice.
@Suite struct PostgresPeerWritesTests {
    @Test("Another replica counts as writing for the window after its last notice, then no longer")
    func writingForTheWindowAfterTheLastNotice() {
        let start = ContinuousClock.now
        let now = Locked(start)
        let peers = PostgresPeerWrites(window: .seconds(1), now: { now.withLock { $0 } })
        #expect(!peers.othersWrite, "nothing heard yet")
        #expect(PostgresWriteQueue.batchesInFlight(othersWrite: peers.othersWrite) == Limits.postgresWriteBatchesInFlight)

        peers.heard()
        now.withLock { $0 = start + .milliseconds(999) }
        #expect(peers.othersWrite)
        #expect(PostgresWriteQueue.batchesInFlight(othersWrite: peers.othersWrite) == Limits.postgresWriteBatchesInFlightBesidePeers)

        now.withLock { $0 = start + .seconds(1) }
        #expect(!peers.othersWrite, "the window has passed")
        #expect(PostgresWriteQueue.batchesInFlight(othersWrite: peers.othersWrite) == Limits.postgresWriteBatchesInFlight)
        peers.heard()
        #expect(peers.othersWrite, "a new notice opens it again")
    }

    @Test("A replica hears another replica's shares as writing, never its own", .timeLimit(.minutes(1)))
    func replicasHearEachOtherNotThemselves() async throws {
        try await withPostgresReplicas(2) { replicas, _ in
            let first = try #require(replicas[0] as? PostgresStore)
            let second = try #require(replicas[1] as? PostgresStore)
            let alice = try await first.newUser("alice")
            _ = try await first.saveShare(try linkShare("https://example.com/peers/first"), userID: alice.id)
            // (Counted, not timed: the window itself is the test above's.)
            try await waitUntil { second.peerWrites.noticesHeard == 1 }
            // The first replica has had its own notice too, and did not count it.
            let seq = try #require(try await first.allEvents(for: alice).last?.seq)
            try await waitUntil { first.relay.sighting.lastSeen >= seq }
            #expect(first.peerWrites.noticesHeard == 0)
            #expect(!first.peerWrites.othersWrite)

            _ = try await second.saveShare(try linkShare("https://example.com/peers/second"), userID: alice.id)
            try await waitUntil { first.peerWrites.noticesHeard == 1 }
            let last = try #require(try await second.allEvents(for: alice).last?.seq)
            try await waitUntil { second.relay.sighting.lastSeen >= last }
            #expect(second.peerWrites.noticesHeard == 1, "its own second notice not counted")
        }
    }
}
