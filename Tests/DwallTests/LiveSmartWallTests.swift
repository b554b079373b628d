import Foundation
import ShareKit
import Testing
import WallCore

/// The iOS app's smart walls against the real server: ShareKit's client lists the saved
/// searches, and the app's feed shows one by asking the server what it matches.
@MainActor
@Suite(.serialized) struct LiveSmartWallTests {
    @Test(.timeLimit(.minutes(5))) func aSavedSearchIsListedBesideTheWallsAndShowsOnlyWhatItMatches() async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let token = try server.makeUser()
        try server.start()
        let client = WallAPIClient(server: server.baseURL, token: token, transport: URLSessionTransport())
        #expect(try await client.savedSearches().isEmpty)

        let receipt = try await client.share(ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: "a receipt", tags: ["tax"], source: .cli))
        let poem = try await client.share(ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: "a poem", source: .cli))
        let made = try await HTTPClient(baseURL: server.baseURL, token: token)
            .send("POST", "/v1/searches", json: Data(#"{"name": "Taxes", "query": "tag:tax"}"#.utf8))
        #expect(made.status == 201)
        let searches = try await client.savedSearches()
        #expect(searches.map(\.name) == ["Taxes"] && searches.map(\.query) == ["tag:tax"] && searches.map(\.slug) == ["taxes"])
        let taxes = try #require(searches.first)

        let feed = WallFeed(client: client)
        await feed.refresh()
        #expect(feed.loadError == nil)
        #expect(feed.smartWalls == searches && !feed.walls.isEmpty)
        #expect(Set(feed.items.map(\.id)) == [receipt.item.id, poem.item.id])
        await feed.show(.smartWall(taxes.id))
        #expect(feed.loadError == nil)
        #expect(feed.title == "Taxes")
        #expect(feed.items.map(\.id) == [receipt.item.id], "only what the search matches")
        #expect(try await client.items(ItemFilter(savedSearch: taxes.slug)).items.map(\.id) == [receipt.item.id], "by slug too")
        try server.stop()
    }
}
