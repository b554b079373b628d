import Foundation
import Testing
import WallApp
import WallCore
import WallStore

/// Moving walls up and down the switcher, on a real SQLite file.
@Suite struct WallMoverTests {
    @Test("Moving a wall up or down swaps it with its neighbour; past either end nothing moves")
    func movesSwapNeighbours() async throws {
        try await withStore { store in
            let user = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            for name in ["Reading", "Recipes"] {
                _ = try await store.createWall(try WallCreateRequest(name: name).validated(), userID: user.id)
            }
            let mover = WallMover(store: store)
            let names = { try await store.walls(userID: user.id).map(\.name) }
            let start = try await names()
            #expect(start.count == 3)
            let last = try await store.walls(userID: user.id)[2]
            try await mover.move(last.id, .up, userID: user.id)
            #expect(try await names() == [start[0], start[2], start[1]])
            try await mover.move(last.id, .down, userID: user.id)
            #expect(try await names() == start)
            try await mover.move(last.id, .down, userID: user.id)
            let first = try await store.walls(userID: user.id)[0]
            try await mover.move(first.id, .up, userID: user.id)
            #expect(try await names() == start)
        }
    }

    @Test("Someone else's wall is not found, and theirs stay where they were")
    func otherPeoplesWallsAreNotFound() async throws {
        try await withStore { store in
            let alice = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            let bob = try await store.createUser(username: "bob", passwordHash: "not-a-hash")
            let wall = try await store.createWall(try WallCreateRequest(name: "Reading").validated(), userID: alice.id)
            let before = try await store.walls(userID: alice.id).map(\.id)
            await #expect(throws: StoreError.notFound("wall")) {
                try await WallMover(store: store).move(wall.id, .up, userID: bob.id)
            }
            #expect(try await store.walls(userID: alice.id).map(\.id) == before)
        }
    }
}
