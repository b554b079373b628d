import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// Refusals of the page routes not covered beside their features: each answers a page with the
/// right status and changes nothing.
@Suite struct WebRefusalTests {
    @Test func emptyTokenLabelAndUnknownTokenAreRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            #expect(try await browser.post("/settings/tokens", [("label", "  ")]).status == .badRequest)
            #expect(try await browser.post("/settings/tokens/\(UUID())/revoke").status == .notFound)
            #expect(try await browser.post("/settings/tokens/not-an-id/revoke").status == .notFound)
            #expect(try await client.send(.get, "/v1/tokens", token: token).decode(TokenListBody.self).tokens.count == 1)
        }
    }

    @Test func emptyWallNameAndUnknownWallAreRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            #expect(try await browser.post("/settings/walls", [("name", "")]).status == .badRequest)
            #expect(try await browser.post("/settings/walls/\(UUID())", [("action", "rename"), ("name", "X")]).status == .notFound)
            #expect(try await browser.post("/settings/walls/\(UUID())/delete", [("items", "delete")]).status == .notFound)
            let inbox = try await client.wall("inbox", token: token)
            let refused = try await browser.post("/settings/walls/\(inbox.id)/delete", [("items", "delete")])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("default wall"))
            #expect(try await client.send(.get, "/v1/walls", token: token).decode(WallListBody.self).walls.count == 1)
        }
    }

    @Test func oversizedOrOverfullFormsAreRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()

            let big = try await browser.post("/share", [("content", String(repeating: "x", count: Limits.maxFormBodyBytes + 10))])
            #expect(big.status == .contentTooLarge)
            #expect(big.headers[.contentType]?.hasPrefix("text/html") == true)
            let fields = (0..<(Limits.maxFormFields + 1)).map { ("f\($0)", "v") }
            #expect(try await browser.post("/share", [("content", "hello")] + fields).status == .badRequest)
            let notAForm = try await browser.send(
                .post, "/share", headers: [.contentType: "text/plain"], body: ByteBuffer(string: "content=hi")
            )
            #expect(notAForm.status == .forbidden, "no form, so no CSRF token")
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test func badEscapesInAFormAreRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let csrf = try #require(browser.csrf)
            let response = try await browser.send(
                .post, "/share", headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(csrf)&content=%E0%A4%A")
            )
            #expect(response.status == .badRequest)
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }
}
