import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// The items and events API accepts the web wall's session as well as tokens; a change made
/// with the session cookie needs the page's CSRF token, and token management stays token-only.
@Suite struct WebSessionAPITests {
    private static func shareBody(_ url: String) -> ByteBuffer {
        ByteBuffer(string: #"{"id":"\#(UUID().uuidString)","contentType":"url","url":"\#(url)","source":"web"}"#)
    }

    @Test func sessionReadsItems() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try await client.shareLink("https://example.com/a", token: token)
            let browser = WebBrowser(client)
            try await browser.signIn()

            let response = try await browser.send(.get, "/v1/items", body: nil)

            #expect(response.status == .ok)
            #expect(try response.decode(ItemPage.self).items.map(\.url) == ["https://example.com/a"])
        }
    }

    @Test func sessionShareWithCSRFHeaderIsSaved() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let csrf = try #require(browser.csrf)

            let response = try await browser.send(
                .post, "/v1/share", headers: [.contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf],
                body: Self.shareBody("https://example.com/from-the-page")
            )

            #expect(response.status == .created)
            #expect(try response.decode(ShareResponse.self).item.source == .web)
        }
    }

    @Test func sessionChangeWithoutCSRFIsRefusedAndChangesNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let saved = try await client.shareLink("https://example.com/keep", token: token)
            let browser = WebBrowser(client)
            try await browser.signIn()
            let json: HTTPFields = [.contentType: "application/json"]
            let wrong: HTTPFields = [.contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: "not-the-token"]

            try expectError(
                try await browser.send(.post, "/v1/share", headers: json, body: Self.shareBody("https://example.com/x")),
                .unauthorized, .unauthorized
            )
            try expectError(
                try await browser.send(.post, "/v1/share", headers: wrong, body: Self.shareBody("https://example.com/y")),
                .unauthorized, .unauthorized
            )
            try expectError(try await browser.send(.delete, "/v1/items/\(saved.item.id)", body: nil), .unauthorized, .unauthorized)
            try expectError(
                try await browser.send(.patch, "/v1/items/\(saved.item.id)", headers: json, body: ByteBuffer(string: #"{"tags":["x"]}"#)),
                .unauthorized, .unauthorized
            )

            let items = try await client.allItems(token: token)
            #expect(items.map(\.id) == [saved.item.id])
            #expect(items.first?.tags == [])
        }
    }

    @Test func tokenManagementStaysTokenOnly() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let csrf = try #require(browser.csrf)

            try expectError(try await browser.send(.get, "/v1/tokens", body: nil), .unauthorized, .unauthorized)
            try expectError(
                try await browser.send(
                    .post, "/v1/tokens", headers: [.contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf],
                    body: ByteBuffer(string: #"{"label":"sneaky"}"#)
                ),
                .unauthorized, .unauthorized
            )
            try expectError(try await browser.send(.get, "/v1/me", body: nil), .unauthorized, .unauthorized)
        }
    }

    @Test func unknownSessionIs401() async throws {
        try await TestServer.run { _, client in
            let response = try await client.execute(
                uri: "/v1/items", method: .get, headers: [.cookie: "dwall_session=ds_made-up"]
            )
            try expectError(response, .unauthorized, .unauthorized)
        }
    }

    @Test func bearerTokenWinsOverACookie() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let response = try await client.execute(
                uri: "/v1/share", method: .post,
                headers: [.authorization: "Bearer \(token)", .cookie: "dwall_session=ds_made-up", .contentType: "application/json"],
                body: Self.shareBody("https://example.com/bearer")
            )
            #expect(response.status == .created, "no CSRF needed with a token: \(response.text)")
        }
    }
}
