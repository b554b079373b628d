import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import WallCore
import WallServer
import WallStore

/// Once the shutdown gate closes, every request is turned away with 503 and `Retry-After`.
@Suite struct ShutdownGateTests {
    @Test func closedGateAnswers503WithRetryAfterAndSavesNothing() async throws {
        try await TestServer.run { server, client in
            // Given a signed-in user on a running server
            let token = try await client.signIn("alice")
            let userID = try await client.send(.get, "/v1/me", token: token).decode(MeBody.self).user.id

            // When shutdown begins
            server.gate.close()

            // Then every route answers 503 with a wait, in the error shape
            let responses = [
                try await client.send(.get, "/healthz"),
                try await client.send(.get, "/v1/items", token: token),
                try await client.share(ShareRequest(contentType: .url, url: "https://example.com/late"), token: token),
                try await client.send(
                    .post, "/api/save", json: LegacySaveRequest(url: "https://example.com/late2", authToken: token)
                ),
                try await client.send(
                    .post, "/v1/auth/token",
                    json: AuthTokenRequest(username: "alice", password: TestServer.password(for: "alice"))
                ),
            ]
            for response in responses {
                try expectError(response, .serviceUnavailable, .unavailable)
                let wait = try #require(response.headers[.retryAfter].flatMap(Int.init))
                #expect(wait > 0)
                #expect(response.header("X-Request-Id") != nil)
            }

            // And the refused shares were not stored
            let stored = try await server.withStore { try await $0.items(matching: ItemQuery(), userID: userID).items }
            #expect(stored.isEmpty)
        }
    }
}
