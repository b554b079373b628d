import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// `POST /v1/share` when it refuses: each refusal has the contract's status, code and field, and
/// changes nothing (the wall holds exactly what it held before).
@Suite struct ShareRefusalTests {
    /// A body the server must refuse, and how.
    struct BadShare: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var contentType = "application/json"
        var status: HTTPResponse.Status = .badRequest
        var code: ErrorCode = .invalidField
        var field: String?

        var testDescription: String { name }
    }

    /// A share body with a fresh id and these fields (a link share unless `contentType` is given).
    static func json(_ fields: [String: Any]) -> String {
        var object: [String: Any] = ["id": UUID().uuidString, "contentType": "url"]
        object.merge(fields) { _, new in new }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static let badShares: [BadShare] = [
        BadShare(name: "url share without url", body: json(["title": "x"]), code: .missingField, field: "url"),
        BadShare(name: "javascript: link", body: json(["url": "javascript:alert(1)"]), field: "url"),
        BadShare(name: "data: link", body: json(["url": "data:text/html,<script>alert(1)</script>"]), field: "url"),
        BadShare(name: "file: link", body: json(["url": "file:///etc/passwd"]), field: "url"),
        BadShare(
            name: "title too long",
            body: json(["url": "https://example.com", "title": String(repeating: "t", count: Limits.maxTitleLength + 1)]),
            field: "title"
        ),
        BadShare(
            name: "note too long",
            body: json(["url": "https://example.com", "userNote": String(repeating: "n", count: Limits.maxNoteLength + 1)]),
            field: "userNote"
        ),
        BadShare(
            name: "text too long",
            body: json(["contentType": "text", "text": String(repeating: "x", count: Limits.maxTextLength + 1)]),
            field: "text"
        ),
        BadShare(
            name: "tag too long",
            body: json(["url": "https://example.com", "tags": [String(repeating: "g", count: Limits.maxTagLength + 1)]]),
            field: "tags[0]"
        ),
        BadShare(name: "malformed JSON", body: "{\"id\": \"", code: .invalidJSON),
        BadShare(name: "JSON that is not an object", body: "[1, 2]", code: .invalidJSON),
        BadShare(name: "tags not an array", body: json(["url": "https://example.com", "tags": "x"]), field: "tags"),
        BadShare(name: "id not a UUID", body: json(["id": "not-a-uuid", "url": "https://example.com"]), field: "id"),
        BadShare(
            name: "timestamp not a date", body: json(["url": "https://example.com", "timestamp": "yesterday"]),
            field: "timestamp"
        ),
        BadShare(name: "unknown contentType", body: json(["contentType": "video", "url": "https://example.com"]), field: "contentType"),
        BadShare(
            name: "image as JSON", body: json(["contentType": "image", "title": "photo"]),
            status: .unsupportedMediaType, code: .unsupportedMediaType
        ),
        BadShare(
            name: "text/plain body", body: json(["url": "https://example.com"]), contentType: "text/plain",
            status: .unsupportedMediaType, code: .unsupportedMediaType
        ),
        BadShare(
            name: "body over the size limit",
            body: json(["contentType": "text", "text": String(repeating: "x", count: Limits.maxJSONBodyBytes + 10)]),
            status: .contentTooLarge, code: .tooLarge
        ),
        BadShare(
            name: "unknown wall", body: json(["url": "https://example.com/w", "wall": "nowhere"]),
            status: .notFound, code: .notFound, field: "wall"
        ),
    ]

    @Test(arguments: badShares)
    func refusalChangesNothing(_ bad: BadShare) async throws {
        try await TestServer.run { _, client in
            // Given a wall with one item
            let token = try await client.signIn("alice")
            try await client.shareLink("https://example.com/kept", token: token)
            let before = try await client.allItems(token: token)

            // When the bad share is sent
            let response = try await client.send(
                .post, "/v1/share", token: token, body: bad.body, contentType: bad.contentType
            )

            // Then it is refused, and the wall is as it was
            try expectError(response, bad.status, bad.code, field: bad.field)
            #expect(try await client.allItems(token: token) == before)
        }
    }

    @Test func oversizedBodyOverARealSocketIs413() async throws {
        try await TestServer.run(.live) { _, client in
            let token = try await client.signIn("alice")
            let body = Self.json(["contentType": "text", "text": String(repeating: "x", count: 2 * Limits.maxJSONBodyBytes)])

            let response = try await client.send(.post, "/v1/share", token: token, body: body)

            try expectError(response, .contentTooLarge, .tooLarge)
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test(arguments: [nil, "dw_not-a-real-token", ""] as [String?])
    func missingOrUnknownTokenIs401(_ token: String?) async throws {
        try await TestServer.run { _, client in
            let owner = try await client.signIn("alice")
            let before = try await client.allItems(token: owner)
            var headers: HTTPFields = [.contentType: "application/json"]
            if let token { headers[.authorization] = "Bearer \(token)" }

            let response = try await client.execute(
                uri: "/v1/share", method: .post, headers: headers,
                body: .init(string: Self.json(["url": "https://example.com/sneaky"]))
            )

            try expectError(response, .unauthorized, .unauthorized)
            #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            #expect(try await client.allItems(token: owner) == before)
        }
    }

    @Test func basicAuthIsNotABearerToken() async throws {
        try await TestServer.run { _, client in
            let response = try await client.execute(
                uri: "/v1/items", method: .get, headers: [.authorization: "Basic YWxpY2U6cGFzc3dvcmQ="]
            )
            try expectError(response, .unauthorized, .unauthorized)
            #expect(response.headers[.wwwAuthenticate] != nil)
        }
    }
}
