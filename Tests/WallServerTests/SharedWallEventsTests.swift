import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore
import WallServer

/// `GET /v1/events` on a shared wall, over a real socket: a member's stream carries the wall's
/// changes; a stranger's and a removed member's carry none of them. Each stream's next event
/// after a change is checked, with the person's own share as the barrier that proves what came
/// before it.
@Suite struct SharedWallEventsTests {
    @Test func membersGetTheWallsEventsStrangersAndRemovedMembersDoNot() async throws {
        try await TestServer.run(.live, users: ["alice", "bob", "carol"]) { server, client in
            defer { server.gate.close() }
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let carol = try await client.signIn("carol")
            let port = try #require(client.port)
            let trip = try await client.createWall("Trip", token: alice)
            _ = try await client.send(
                .post, "/v1/walls/\(trip.id)/members", token: alice, json: WallMemberRequest(username: "bob", role: .viewer)
            )

            let bobsFirst = try await SSEClient.withStream(port: port, token: bob) { reader in
                let card = try await client.shareLink("https://example.com/trip-1", token: alice, wall: "trip")
                return (card.item.id, try EventsTests.itemEvent(try await reader.nextEvent()).itemId)
            }
            #expect(bobsFirst.0 == bobsFirst.1, "a member's stream carries the shared wall's card")

            let carols = try await SSEClient.withStream(port: port, token: carol) { reader in
                _ = try await client.shareLink("https://example.com/trip-2", token: alice, wall: "trip")
                let own = try await client.shareLink("https://example.com/carol", token: carol)
                return (own.item.id, try EventsTests.itemEvent(try await reader.nextEvent()).itemId)
            }
            #expect(carols.0 == carols.1, "a stranger's stream must not carry the shared wall's card")

            _ = try await client.send(.delete, "/v1/walls/\(trip.id)/members/bob", token: alice)
            let bobsAfter = try await SSEClient.withStream(port: port, token: bob) { reader in
                _ = try await client.shareLink("https://example.com/trip-3", token: alice, wall: "trip")
                let own = try await client.shareLink("https://example.com/bob", token: bob)
                return (own.item.id, try EventsTests.itemEvent(try await reader.nextEvent()).itemId)
            }
            #expect(bobsAfter.0 == bobsAfter.1, "a removed member's stream must not carry the wall's new card")
        }
    }

    @Test func aRemovedMembersOpenStreamStopsCarryingTheWallOnceTheRemovalIsAnswered() async throws {
        try await TestServer.run(.live, users: ["alice", "bob"]) { server, client in
            defer { server.gate.close() }
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let port = try #require(client.port)
            let trip = try await client.createWall("Trip", token: alice)
            _ = try await client.send(
                .post, "/v1/walls/\(trip.id)/members", token: alice,
                json: WallMemberRequest(username: "bob", role: .contributor)
            )

            let seen = try await SSEClient.withStream(port: port, token: bob) { reader in
                let before = try await client.shareLink("https://example.com/trip-before", token: alice, wall: "trip")
                let first = try EventsTests.itemEvent(try await reader.nextEvent()).itemId
                let removal = try await client.send(.delete, "/v1/walls/\(trip.id)/members/bob", token: alice)
                let after = try await client.shareLink("https://example.com/trip-after", token: alice, wall: "trip")
                let own = try await client.shareLink("https://example.com/bob", token: bob)
                // The stream is in commit order: had the wall's new card reached it, it would come first.
                let next = try EventsTests.itemEvent(try await reader.nextEvent()).itemId
                return (before: before.item.id, first: first, removal: removal.status, after: after.item.id,
                        own: own.item.id, next: next)
            }
            #expect(seen.first == seen.before, "the open stream carried the wall while Bob was a member")
            #expect(seen.removal == .noContent)
            #expect(seen.next == seen.own, "the removed member's open stream must not carry the new card \(seen.after)")
        }
    }
}
