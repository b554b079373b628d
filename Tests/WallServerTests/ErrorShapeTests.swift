import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// The API's one error shape, and the request id on every response.
@Suite struct ErrorShapeTests {
    static let requestID = HTTPField.Name("X-Request-Id")!

    @Test func unknownRouteIs404InTheErrorShape() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(.get, "/v1/nothing-here")
            try expectError(response, .notFound, .notFound)
            try expectError(try await client.send(.get, "/no/such/page"), .notFound, .notFound)
        }
    }

    @Test func wrongMethodAnswersInTheErrorShape() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let response = try await client.send(.put, "/v1/share", token: token, body: "{}")
            #expect([404, 405].contains(response.status.code), "\(response.status)")
            #expect(throws: Never.self) { try response.decode(ErrorBody.self) }
        }
    }

    @Test func everyResponseCarriesARequestID() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let responses = [
                try await client.send(.get, "/healthz"),
                try await client.send(.get, "/v1/items", token: token),
                try await client.share(ShareRequest(contentType: .url, url: "https://example.com/id"), token: token),
                try await client.send(.post, "/v1/share", token: token, body: "{"),
                try await client.send(.get, "/v1/items"),
                try await client.send(.get, "/v1/nothing-here"),
                try await client.send(.delete, "/v1/items/\(UUID())", token: token),
            ]
            var ids: Set<String> = []
            for response in responses {
                let id = try #require(response.headers[Self.requestID], "no request id on a \(response.status)")
                #expect(!id.isEmpty)
                ids.insert(id)
            }
            #expect(ids.count == responses.count, "each request gets its own id")
        }
    }

    @Test func sensibleClientRequestIDIsEchoed() async throws {
        try await TestServer.run { _, client in
            let sent = "client-42_retry.2:abc"
            let response = try await client.send(.get, "/healthz", headers: [Self.requestID: sent])
            #expect(response.headers[Self.requestID] == sent)
            let error = try await client.send(.get, "/v1/items", headers: [Self.requestID: sent])
            #expect(error.status == .unauthorized)
            #expect(error.headers[Self.requestID] == sent)
        }
    }

    @Test(arguments: [String(repeating: "a", count: 300), "has spaces in it", "quote\"d", "semi;colon", "ünïcode"])
    func malformedClientRequestIDIsReplaced(_ sent: String) async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(.get, "/healthz", headers: [Self.requestID: sent])
            let id = try #require(response.headers[Self.requestID])
            #expect(id != sent)
            let sensible = (1...128).contains(id.utf8.count)
                && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.:".unicodeScalars.contains($0)) }
            #expect(sensible, "a replaced id is one the server made, got \(id)")
        }
    }
}
