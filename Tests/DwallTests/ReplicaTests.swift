import Foundation
import Testing
import WallCore

/// Two real `dwall serve` replicas on one PostgreSQL database: what is shared through one is
/// seen through the other, live.
@Suite(.serialized, .enabled(if: TestStorage.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct ReplicaTests {
    @Test func aShareThroughOneReplicaAppearsOnTheOthersEventStream() async throws {
        let replicas = try Replicas()
        defer { replicas.cleanUp() }
        let (replicaA, replicaB) = (replicas.a, replicas.b)
        // Given: one user (made through A's admin command), both replicas running, a stream open on each.
        let token = try replicaA.makeUser()
        try replicas.start()
        let streamA = try EventStreamReader(port: replicaA.port, token: token)
        let streamB = try EventStreamReader(port: replicaB.port, token: token)
        #expect(streamA.waitForText(": connected", timeout: 10))
        #expect(streamB.waitForText(": connected", timeout: 10))
        let clientA = HTTPClient(baseURL: replicaA.baseURL, token: token)
        let clientB = HTTPClient(baseURL: replicaB.baseURL, token: token)

        // When: a link is shared through A, then edited through B.
        let shared = try await clientA.share(ShareRequest(
            contentType: .url, url: "https://example.com/replicas", title: "Across replicas", source: .api
        ))
        #expect(shared.status == 201)
        let item = try shared.decode(ShareResponse.self).item
        let itemID = item.id.uuidString
        let edit = try await clientB.send(
            "PATCH", "/v1/items/\(itemID)", json: Data(#"{"title": "Edited on B"}"#.utf8)
        )
        #expect(edit.status == 200)

        // Then: B's stream shows the share made on A, and A's stream shows the edit made on B.
        #expect(streamB.waitForText("event: item.created", timeout: 15), "B never saw the share made on A")
        #expect(streamB.waitForText(itemID, timeout: 15))
        #expect(streamA.waitForText("event: item.updated", timeout: 15), "A never saw the edit made on B")
        #expect(streamA.waitForText("Edited on B", timeout: 15))
        // And both replicas list the one item.
        #expect(try await clientA.allItems().map(\.id) == [item.id])
        #expect(try await clientB.allItems().first?.title == "Edited on B")

        try replicaA.stop()
        try replicaB.stop()
        #expect(streamA.waitForEnd(timeout: 10))
        #expect(streamB.waitForEnd(timeout: 10))
    }

    @Test func aMembersShareThroughOneReplicaAppearsOnTheOwnersStreamOnTheOther() async throws {
        let replicas = try Replicas()
        defer { replicas.cleanUp() }
        let (replicaA, replicaB) = (replicas.a, replicas.b)
        // Given: alice's wall Trip shared with bob; alice watching through B.
        let alice = try replicaA.makeUser("alice")
        let bob = try replicaA.makeUser("bob")
        try replicas.start()
        let aliceB = HTTPClient(baseURL: replicaB.baseURL, token: alice)
        let trip = try await aliceB.send("POST", "/v1/walls", json: Data(#"{"name": "Trip"}"#.utf8)).decode(Wall.self)
        let added = try await aliceB.send(
            "POST", "/v1/walls/\(trip.id.uuidString)/members", json: Data(#"{"username": "bob", "role": "contributor"}"#.utf8)
        )
        #expect(added.status == 201)
        let aliceStream = try EventStreamReader(port: replicaB.port, token: alice)
        #expect(aliceStream.waitForText(": connected", timeout: 10))

        // When: bob shares to Trip through A.
        let shared = try await HTTPClient(baseURL: replicaA.baseURL, token: bob).share(ShareRequest(
            contentType: .url, url: "https://example.com/hostel", title: "Hostel", wall: trip.id.uuidString, source: .api
        ))
        #expect(shared.status == 201)

        // Then: alice's stream on B shows it, saying bob added it.
        #expect(aliceStream.waitForText("event: item.created", timeout: 15), "alice never saw bob's share")
        #expect(aliceStream.waitForText(#""addedBy":"bob""#, timeout: 15))

        try replicaA.stop()
        try replicaB.stop()
        #expect(aliceStream.waitForEnd(timeout: 10))
    }
}
