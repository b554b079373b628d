import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// The per-token request limit on the API.
@Suite struct RateLimitTests {
    /// A burst of 3, then one request every 20 s: a 4th rapid request is always refused.
    static func tightLimit(_ arguments: inout TestAppArguments) {
        arguments.rateLimit = 0.05
        arguments.rateBurst = 3
    }

    @Test func requestAfterTheBurstGets429WithRetryAfter() async throws {
        try await TestServer.run(configure: Self.tightLimit) { _, client in
            let token = try await client.signIn("alice")
            for request in 1...3 {
                let response = try await client.send(.get, "/v1/items", token: token)
                #expect(response.status == .ok, "request \(request)")
            }

            let limited = try await client.share(ShareRequest(contentType: .url, url: "https://example.com/late"), token: token)

            try expectError(limited, .tooManyRequests, .rateLimited)
            let wait = try #require(limited.headers[.retryAfter].flatMap(Int.init), "Retry-After must be whole seconds")
            #expect(wait > 0)
            #expect(wait <= 20)
            // The refused share was not saved (checked with a second token, which has its own bucket)
            let other = try await client.signIn("alice")
            #expect(try await client.allItems(token: other).isEmpty)
        }
    }

    @Test func legacySaveSharesTheTokenLimit() async throws {
        try await TestServer.run(configure: Self.tightLimit) { _, client in
            let token = try await client.signIn("alice")
            for index in 1...3 {
                let response = try await client.send(
                    .post, "/api/save", json: LegacySaveRequest(url: "https://example.com/\(index)", authToken: token)
                )
                #expect(response.status == .created)
            }

            let limited = try await client.send(
                .post, "/api/save", json: LegacySaveRequest(url: "https://example.com/4", authToken: token)
            )

            try expectError(limited, .tooManyRequests, .rateLimited)
            #expect(limited.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
        }
    }

    @Test func zeroTurnsTheLimitOff() async throws {
        try await TestServer.run(configure: { $0.rateLimit = 0; $0.rateBurst = 1 }) { _, client in
            let token = try await client.signIn("alice")
            for request in 1...40 {
                let response = try await client.send(.get, "/v1/items", token: token)
                try #require(response.status == .ok, "request \(request) was refused: \(response.text)")
            }
        }
    }
}
