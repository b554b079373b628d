import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `POST /api/save`: the older shape, with the token in the body or in the header.
@Suite struct LegacySaveTests {
    @Test func tokenInTheBodyWorks() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")

            let response = try await client.send(
                .post, "/api/save",
                json: LegacySaveRequest(url: "https://example.com/legacy", title: "Old client", source: "web", authToken: token)
            )

            #expect(response.status == .created)
            let body = try response.decode(LegacySaveResponse.self)
            #expect(body.status == .saved)
            #expect(!body.message.isEmpty)
            let item = try await client.item(body.id, token: token).decode(Item.self)
            #expect(item.url == "https://example.com/legacy")
            #expect(item.title == "Old client")
            #expect(item.source == .web)
        }
    }

    @Test func tokenInTheHeaderWorks() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")

            let response = try await client.send(
                .post, "/api/save", token: token, json: LegacySaveRequest(url: "https://example.com/header")
            )

            #expect(response.status == .created)
            let body = try response.decode(LegacySaveResponse.self)
            #expect(try await client.allItems(token: token).map(\.id) == [body.id])
            #expect(try await client.item(body.id, token: token).decode(Item.self).source == .api)
        }
    }

    @Test func savingTheSameLinkAgainIsADuplicateNotASecondItem() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let request = LegacySaveRequest(url: "https://example.com/again", authToken: token)
            let first = try await client.send(.post, "/api/save", json: request).decode(LegacySaveResponse.self)

            let second = try await client.send(.post, "/api/save", json: request)

            #expect(second.status == .ok)
            #expect(try second.decode(LegacySaveResponse.self).id == first.id)
            #expect(try await client.allItems(token: token).count == 1)
        }
    }

    @Test func missingTokenIs401AndSavesNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")

            let response = try await client.send(.post, "/api/save", json: LegacySaveRequest(url: "https://example.com/x"))

            try expectError(response, .unauthorized, .unauthorized)
            #expect(response.headers[.wwwAuthenticate] != nil)
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test func unknownTokenIs401() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(
                .post, "/api/save", json: LegacySaveRequest(url: "https://example.com/x", authToken: "dw_nope")
            )
            try expectError(response, .unauthorized, .unauthorized)
        }
    }

    @Test(arguments: ["javascript:alert(1)", "not a url", "file:///etc/passwd", ""])
    func badURLIs400AndSavesNothing(_ url: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")

            let response = try await client.send(
                .post, "/api/save", json: LegacySaveRequest(url: url, authToken: token)
            )

            try expectError(response, .badRequest, url.isEmpty ? .missingField : .invalidField, field: "url")
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }
}
