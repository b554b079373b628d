import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `POST /v1/share` when it accepts: new items, replays of a share id, duplicate links, conflicts.
@Suite struct ShareTests {
    @Test func newShareAnswers201WithTheItem() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let request = ShareRequest(
                contentType: .url, url: "https://example.com/article?utm_source=feed", title: " An article ",
                userNote: "read later", tags: ["Swift", "swift", "Server"], source: .cli
            )

            let response = try await client.share(request, token: token)

            #expect(response.status == .created)
            let body = try response.decode(ShareResponse.self)
            #expect(body.id == request.id)
            #expect(body.status == .saved)
            #expect(!body.message.isEmpty)
            #expect(body.duplicate == false)
            #expect(body.item.kind == .url)
            #expect(body.item.url == "https://example.com/article?utm_source=feed")
            #expect(body.item.title == "An article")
            #expect(body.item.userNote == "read later")
            #expect(body.item.tags == ["swift", "server"])
            #expect(body.item.source == .cli)
            #expect(try await client.allItems(token: token) == [body.item])
        }
    }

    @Test func textShareIsStored() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let shared = try await client.shareText("A passage worth keeping.", token: token, title: "Quote")
            #expect(shared.item.kind == .text)
            #expect(shared.item.text == "A passage worth keeping.")
            let fetched = try await client.item(shared.item.id, token: token).decode(Item.self)
            #expect(fetched == shared.item)
        }
    }

    @Test func sameIDAgainAnswers200WithTheSameItem() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let request = ShareRequest(contentType: .url, url: "https://example.com/once", source: .iosShareExtension)
            let first = try await client.share(request, token: token).decode(ShareResponse.self)

            let again = try await client.share(request, token: token)

            #expect(again.status == .ok)
            let body = try again.decode(ShareResponse.self)
            #expect(body.id == request.id)
            #expect(body.item == first.item)
            #expect(body.duplicate == false)
            #expect(try await client.allItems(token: token).map(\.id) == [first.item.id])
        }
    }

    @Test func sameIDWithOtherContentIsAConflictAndChangesNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let id = UUID()
            try #require(
                try await client.share(ShareRequest(id: id, contentType: .url, url: "https://example.com/a"), token: token)
                    .status == .created
            )
            let before = try await client.allItems(token: token)

            let response = try await client.share(
                ShareRequest(id: id, contentType: .url, url: "https://example.com/b"), token: token
            )

            try expectError(response, .conflict, .conflict)
            #expect(try await client.allItems(token: token) == before)
        }
    }

    @Test func sameCanonicalLinkWithANewIDIsADuplicateOfTheFirstItem() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let first = try await client.shareLink("https://Example.com/post/?utm_source=x#top", token: token)

            let response = try await client.share(
                ShareRequest(contentType: .url, url: "https://example.com/post"), token: token
            )

            #expect(response.status == .ok)
            let body = try response.decode(ShareResponse.self)
            #expect(body.duplicate == true)
            #expect(body.item.id == first.item.id)
            #expect(try await client.allItems(token: token).map(\.id) == [first.item.id])
        }
    }

    @Test func shareLandsOnTheNamedWall() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let wall = try await client.createWall("Reading", token: token)
            let shared = try await client.shareLink("https://example.com/r", token: token, wall: "reading")
            #expect(shared.item.wallId == wall.id)
        }
    }
}
