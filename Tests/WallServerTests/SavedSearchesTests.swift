import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `/v1/searches` and `GET /v1/items?search=`: a saved search made, listed, changed and deleted
/// over HTTP, what it matches listed like any wall, and every refusal with its field.
struct SavedSearchesTests {
    @Test func aSavedSearchIsMadeListedChangedAndDeleted() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let token = try await client.signIn("alice")
            let made = try await client.send(.post, "/v1/searches", token: token, json: SavedSearchRequest(name: "Tax PDFs", query: "tag:tax kind:pdf"))
            #expect(made.status == .created)
            let search = try made.decode(SavedSearch.self)
            #expect(search.slug == "tax-pdfs" && search.name == "Tax PDFs" && search.query == "tag:tax kind:pdf")

            let listed = try await client.send(.get, "/v1/searches", token: token)
            #expect(try listed.decode(SavedSearchList.self).searches == [search])
            #expect(try await client.send(.get, "/v1/searches/tax-pdfs", token: token).decode(SavedSearch.self) == search)

            let changed = try await client.send(.patch, "/v1/searches/\(search.id)", token: token, json: SavedSearchRequest(query: "tag:tax"))
            #expect(changed.status == .ok)
            #expect(try changed.decode(SavedSearch.self).query == "tag:tax")

            let bob = try await client.signIn("bob")
            try expectError(try await client.send(.get, "/v1/searches/\(search.id)", token: bob), .notFound, .notFound)
            try expectError(try await client.send(.delete, "/v1/searches/\(search.id)", token: bob), .notFound, .notFound)

            #expect(try await client.send(.delete, "/v1/searches/\(search.id)", token: token).status == .noContent)
            try expectError(try await client.send(.get, "/v1/searches/\(search.id)", token: token), .notFound, .notFound)
        }
    }

    @Test func whatASavedSearchMatchesIsListedNewestFirstAndNarrowedByQ() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let first = try await client.shareText("Water bill, March", token: token, tags: ["bills"])
            _ = try await client.shareLink("https://example.com/bills", token: token, title: "Provider", tags: ["bills"])
            let second = try await client.shareText("Power bill, April", token: token, tags: ["bills"])
            _ = try await client.shareText("Holiday plans", token: token)
            let made = try await client.send(.post, "/v1/searches", token: token, json: SavedSearchRequest(name: "Bills", query: "tag:bills -kind:link"))
            let search = try made.decode(SavedSearch.self)

            #expect(try await client.allItems(token: token, query: "search=\(search.id)", pageSize: 1).map(\.id) == [second.item.id, first.item.id])
            #expect(try await client.allItems(token: token, query: "search=bills").map(\.id) == [second.item.id, first.item.id], "by slug")
            #expect(try await client.allItems(token: token, query: "search=bills&q=water").map(\.id) == [first.item.id])
            try expectError(try await client.send(.get, "/v1/items?search=nothing", token: token), .notFound, .notFound, field: "search")
        }
    }

    @Test(arguments: [
        (#"{"query": "tag:x"}"#, "name"),
        (#"{"name": "X"}"#, "query"),
        (#"{"name": "X", "query": "colour:red"}"#, "query"),
        (#"{"name": "X", "query": "  "}"#, "query"),
        (#"{"name": "", "query": "tag:x"}"#, "name"),
    ])
    func aSearchThatCantBeSavedIsA400NamingTheFieldAndSavesNothing(body: String, field: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let response = try await client.send(.post, "/v1/searches", token: token, body: body)
            #expect(response.status == .badRequest, "\(response.text)")
            let error = try response.decode(ErrorBody.self)
            #expect(error.error.field == field, "\(body): \(error.error.message)")
            #expect(try await client.send(.get, "/v1/searches", token: token).decode(SavedSearchList.self).searches.isEmpty)
        }
    }
}
