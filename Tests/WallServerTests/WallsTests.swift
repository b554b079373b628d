import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `/v1/walls`: make, read, rename and delete walls, and what happens to their items.
@Suite struct WallsTests {
    /// The caller's walls.
    static func walls(_ client: some TestClientProtocol, token: String) async throws -> [Wall] {
        try await client.send(.get, "/v1/walls", token: token).decode(WallListBody.self).walls
    }

    @Test func everyUserStartsWithTheDefaultWall() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let walls = try await Self.walls(client, token: token)
            #expect(walls.map(\.slug) == ["inbox"])
            #expect(walls.first?.isDefault == true)
        }
    }

    @Test func createAnswers201WithADerivedSlug() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")

            let response = try await client.send(.post, "/v1/walls", token: token, json: WallCreateRequest(name: "Reading List!"))

            #expect(response.status == .created)
            let wall = try response.decode(Wall.self)
            #expect(wall.slug == "reading-list")
            #expect(wall.name == "Reading List!")
            #expect(wall.isDefault == false)
            #expect(wall.itemCount == 0)
            #expect(try await Self.walls(client, token: token).map(\.id).contains(wall.id))
        }
    }

    @Test func sameNameTwiceGetsAnotherSlug() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let first = try await client.createWall("Ideas", token: token)
            let second = try await client.createWall("Ideas", token: token)
            #expect(first.slug != second.slug)
        }
    }

    @Test func duplicateExplicitSlugIs409AndMakesNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.createWall("Recipes", slug: "food", token: token)
            let before = try await Self.walls(client, token: token)

            let response = try await client.send(
                .post, "/v1/walls", token: token, json: WallCreateRequest(name: "Restaurants", slug: "food")
            )

            try expectError(response, .conflict, .conflict, field: "slug")
            #expect(try await Self.walls(client, token: token) == before)
        }
    }

    @Test func badWallBodiesAre400() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(
                try await client.send(.post, "/v1/walls", token: token, json: WallCreateRequest(name: "  ")),
                .badRequest, .missingField, field: "name"
            )
            try expectError(
                try await client.send(.post, "/v1/walls", token: token, json: WallCreateRequest(name: "X", slug: "Not A Slug")),
                .badRequest, .invalidField, field: "slug"
            )
            #expect(try await Self.walls(client, token: token).count == 1)
        }
    }

    @Test func getBySlugAndByID() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let created = try await client.createWall("Travel", token: token)
            #expect(try await client.wall("travel", token: token) == created)
            #expect(try await client.wall(created.id.uuidString, token: token) == created)
            try expectError(try await client.send(.get, "/v1/walls/nowhere", token: token), .notFound, .notFound)
        }
    }

    @Test func patchRenames() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let created = try await client.createWall("Travel", token: token)

            let response = try await client.send(
                .patch, "/v1/walls/\(created.id)", token: token, json: WallPatchRequest(name: "Trips")
            )

            #expect(response.status == .ok)
            let renamed = try response.decode(Wall.self)
            #expect(renamed.name == "Trips")
            #expect(renamed.id == created.id)
            #expect(renamed.slug == created.slug)
            #expect(try await client.wall(created.id.uuidString, token: token).name == "Trips")
        }
    }

    @Test func deletingAWallThatHoldsItemsNeedsToBeToldWhatToDo() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let wall = try await client.createWall("Travel", token: token)
            let item = try await client.shareLink("https://example.com/trip", token: token, wall: "travel").item

            let response = try await client.send(.delete, "/v1/walls/\(wall.id)", token: token)

            try expectError(response, .conflict, .wallNotEmpty)
            #expect(try await client.wall("travel", token: token).itemCount == 1)
            #expect(try await client.item(item.id, token: token).decode(Item.self) == item)
        }
    }

    @Test func deleteWithMoveToMovesTheItems() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let inbox = try await client.wall("inbox", token: token)
            let wall = try await client.createWall("Travel", token: token)
            let first = try await client.shareLink("https://example.com/1", token: token, wall: "travel").item
            let second = try await client.shareText("Pack light.", token: token, wall: "travel").item

            let response = try await client.send(.delete, "/v1/walls/\(wall.id)?moveTo=inbox", token: token)

            #expect(response.status == .noContent)
            try expectError(try await client.send(.get, "/v1/walls/\(wall.id)", token: token), .notFound, .notFound)
            let items = try await client.allItems(token: token)
            #expect(Set(items.map(\.id)) == [first.id, second.id])
            #expect(items.allSatisfy { $0.wallId == inbox.id })
        }
    }

    @Test func deleteWithDeleteItemsRemovesThem() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let wall = try await client.createWall("Travel", token: token)
            let doomed = try await client.shareLink("https://example.com/1", token: token, wall: "travel").item
            let kept = try await client.shareLink("https://example.com/2", token: token).item

            let response = try await client.send(.delete, "/v1/walls/\(wall.id)?deleteItems=true", token: token)

            #expect(response.status == .noContent)
            try expectError(try await client.item(doomed.id, token: token), .notFound, .notFound)
            #expect(try await client.allItems(token: token).map(\.id) == [kept.id])
        }
    }

    @Test func deleteWithBothOptionsIs400() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let wall = try await client.createWall("Travel", token: token)
            let response = try await client.send(.delete, "/v1/walls/\(wall.id)?moveTo=inbox&deleteItems=true", token: token)
            try expectError(response, .badRequest, .invalidField)
            #expect(try await client.wall("travel", token: token) == wall)
        }
    }

    @Test func emptyWallDeletesWithoutOptions() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let wall = try await client.createWall("Spare", token: token)
            #expect(try await client.send(.delete, "/v1/walls/\(wall.id)", token: token).status == .noContent)
            #expect(try await Self.walls(client, token: token).map(\.slug) == ["inbox"])
        }
    }

    @Test func defaultWallCannotBeDeleted() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let inbox = try await client.wall("inbox", token: token)

            let response = try await client.send(.delete, "/v1/walls/\(inbox.id)?deleteItems=true", token: token)

            try expectError(response, .conflict, .conflict)
            #expect(try await client.wall("inbox", token: token) == inbox)
        }
    }

    @Test func anotherUsersWallIsNotFound() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let wall = try await client.createWall("Secret", slug: "secret", token: alice)
            try await client.shareLink("https://example.com/s", token: alice, wall: "secret")

            try expectError(try await client.send(.get, "/v1/walls/\(wall.id)", token: bob), .notFound, .notFound)
            try expectError(try await client.send(.get, "/v1/walls/secret", token: bob), .notFound, .notFound)
            try expectError(
                try await client.send(.patch, "/v1/walls/\(wall.id)", token: bob, json: WallPatchRequest(name: "Mine")),
                .notFound, .notFound
            )
            try expectError(
                try await client.send(.delete, "/v1/walls/\(wall.id)?deleteItems=true", token: bob), .notFound, .notFound
            )
            // Bob can't file a share onto it, nor move items there
            let share = try await client.share(
                ShareRequest(contentType: .url, url: "https://example.com/b", wall: wall.id.uuidString), token: bob
            )
            try expectError(share, .notFound, .notFound, field: "wall")

            // Nor empty his own wall onto it
            let bobs = try await client.createWall("Bob's", token: bob)
            try await client.shareLink("https://example.com/bob", token: bob, wall: bobs.id.uuidString)
            try expectError(
                try await client.send(.delete, "/v1/walls/\(bobs.id)?moveTo=\(wall.id)", token: bob), .notFound, .notFound
            )
            #expect(try await client.wall(bobs.id.uuidString, token: bob).itemCount == 1)

            let untouched = try await client.wall("secret", token: alice)
            #expect(untouched.name == "Secret")
            #expect(untouched.itemCount == 1)
        }
    }

    @Test func patchAndDeleteTakeASlugAsWellAsAnId() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.createWall("Recipes", slug: "food", token: token)

            let renamed = try await client.send(.patch, "/v1/walls/food", token: token, json: WallPatchRequest(name: "Cooking"))
            #expect(renamed.status == .ok)
            #expect(try renamed.decode(Wall.self).name == "Cooking")

            let deleted = try await client.send(.delete, "/v1/walls/food", token: token)
            #expect(deleted.status == .noContent)
            #expect(try await Self.walls(client, token: token).map(\.slug) == ["inbox"])
        }
    }

    @Test func emptyMoveToIsRefusedNamingIt() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let wall = try await client.createWall("Ideas", token: token)
            try await client.shareLink("https://example.com/idea", token: token, wall: wall.slug)

            try expectError(
                try await client.send(.delete, "/v1/walls/\(wall.id)?moveTo=", token: token),
                .badRequest, .invalidField, field: "moveTo"
            )
            #expect(try await client.wall(wall.slug, token: token).itemCount == 1)
        }
    }
}
