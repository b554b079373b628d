import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `q`'s search language over HTTP: operators filter the listing (both stores answer them alike:
/// `SearchLanguageStoreTests`), and what the parser can't read is a 400 on `q` naming the
/// operator, never a 500 and never a search that silently drops a term.
struct SearchLanguageTests {
    @Test func operatorsNegationAndORFilterTheListing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.createWall("Reading", token: token)
            let swiftLink = try await client.shareLink(
                "https://www.swift.org/sc", token: token, title: "Structured concurrency", note: "for the talk", tags: ["swift"]
            )
            let other = try await client.shareLink("https://example.com/rust", token: token, title: "Ownership", tags: ["rust"])
            let passage = try await client.shareText("Actors isolate state.", token: token, wall: "reading", tags: ["swift"])
            func found(_ search: String) async throws -> Set<UUID> {
                let encoded = try #require(search.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                return Set(try await client.allItems(token: token, query: "q=\(encoded)").map(\.id))
            }
            #expect(try await found("tag:swift -kind:link") == [passage.item.id])
            #expect(try await found("site:swift.org") == [swiftLink.item.id])
            #expect(try await found("wall:reading OR tag:rust") == [passage.item.id, other.item.id])
            #expect(try await found("has:note concurrency") == [swiftLink.item.id])
            #expect(try await found("-has:tags").isEmpty)
            #expect(try await found("\"isolate state\" after:2020-01-01") == [passage.item.id])
            #expect(try await found("before:2020-01-01").isEmpty)
            let formWritten = try await client.allItems(token: token, query: "q=tag%3Aswift+-kind%3Alink")
            #expect(formWritten.map(\.id) == [passage.item.id], "a form's + is a space")
            #expect(try await client.allItems(token: token, query: "q=tag%3Aswift%2B").isEmpty, "%2B is a plus, in the tag")
        }
    }

    @Test(arguments: [
        ("colour:red", "colour"),
        ("kind:video", "kind:"),
        ("has:everything", "has:"),
        ("before:2026-13-01", "before:"),
        ("after:yesterday", "after:"),
        ("site:exa_mple", "site:"),
        ("tag:", "tag:"),
        ("is:nothing", "is:"),
        ("OR banana", "OR"),
        ("banana OR", "OR"),
    ])
    func whatTheParserCantReadIsA400NamingTheOperator(search: String, named: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let encoded = try #require(search.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let body = try expectError(
                try await client.send(.get, "/v1/items?q=\(encoded)", token: token), .badRequest, .invalidField, field: "q"
            )
            #expect(body.error.message.contains(named), "\(search): \(body.error.message)")
        }
    }

    @Test func theTagsListCountsTheCallersTagsMostUsedFirst() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            try await client.shareText("One", token: alice, tags: ["tax", "home"])
            try await client.shareText("Two", token: alice, tags: ["tax"])
            try await client.shareText("Bob's", token: bob, tags: ["bobs"])
            let response = try await client.send(.get, "/v1/tags", token: alice)
            #expect(response.status == .ok)
            let list = try response.decode(TagList.self)
            #expect(list.tags == [TagCount(name: "tax", count: 2), TagCount(name: "home", count: 1)])
            #expect(try await client.send(.get, "/v1/tags").status == .unauthorized)
        }
    }
}
