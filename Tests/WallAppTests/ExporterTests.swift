import Foundation
import Testing
import WallApp
import WallCore
import WallStore

/// What an export holds when walls are shared, on a real SQLite file.
@Suite struct ExporterTests {
    @Test("The owner's export holds the whole shared wall; a member's holds their own walls and what they added")
    func sharedWallsInExports() async throws {
        try await withStore { store in
            let alice = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            let bob = try await store.createUser(username: "bob", passwordHash: "not-a-hash")
            let trip = try await store.createWall(try WallCreateRequest(name: "Trip").validated(), userID: alice.id)
            _ = try await store.setMember(wallID: trip.id, username: "bob", role: .contributor, userID: alice.id)
            func share(_ url: String, wall: String?, by user: User) async throws -> Item {
                let request = ShareRequest(contentType: .url, url: url, wall: wall, source: .cli)
                return try await store.saveShare(try request.validated(), userID: user.id).item
            }
            let alicesCard = try await share("https://example.com/a", wall: "trip", by: alice)
            let bobsCard = try await share("https://example.com/b", wall: trip.id.uuidString, by: bob)
            let bobsOwn = try await share("https://example.com/c", wall: nil, by: bob)
            let exporter = Exporter(store: store)
            let now = Date(timeIntervalSince1970: 1_800_000_000)

            let alices = try await exporter.document(userID: alice.id, at: now)
            let bobs = try await exporter.document(userID: bob.id, at: now)

            #expect(Set(alices.items.map(\.id)) == [alicesCard.id, bobsCard.id])
            #expect(Set(alices.walls.map(\.name)) == ["Inbox", "Trip"])
            #expect(Set(bobs.items.map(\.id)) == [bobsCard.id, bobsOwn.id])
            #expect(bobs.walls.first { $0.id == trip.id }?.owner == "alice")
            #expect(bobs.walls.count == 2)
        }
    }

    @Test("Moving a wall in the switcher passes over walls shared with the person")
    func moverIgnoresSharedWalls() async throws {
        try await withStore { store in
            let alice = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            let bob = try await store.createUser(username: "bob", passwordHash: "not-a-hash")
            let trip = try await store.createWall(try WallCreateRequest(name: "Trip").validated(), userID: alice.id)
            _ = try await store.setMember(wallID: trip.id, username: "bob", role: .editor, userID: alice.id)
            let reading = try await store.createWall(try WallCreateRequest(name: "Reading").validated(), userID: bob.id)

            try await WallMover(store: store).move(reading.id, .down, userID: bob.id)

            #expect(try await store.walls(userID: bob.id).map(\.name) == ["Inbox", "Reading", "Trip"])
            #expect(try await store.wall(ref: "trip", userID: alice.id)?.position == trip.position)
        }
    }
}
