import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `GET /healthz` and `GET /metrics`.
@Suite struct SystemTests {
    /// The value of the unlabelled sample `name` in Prometheus text, if present.
    static func sample(_ name: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count >= 2, parts[0] == name { return Double(parts[1]) }
        }
        return nil
    }

    /// The `/metrics` text.
    static func metrics(_ client: some TestClientProtocol) async throws -> String {
        let response = try await client.send(.get, "/metrics")
        try #require(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
        return response.text
    }

    @Test func healthzIsOKWithoutAToken() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(.get, "/healthz")
            #expect(response.status == .ok)
            #expect(response.text == #"{"status":"ok"}"#)
        }
    }

    @Test func metricsCountRequestsAndSavedShares() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.send(.get, "/healthz")
            let before = try await Self.metrics(client)
            #expect(before.contains("dwall_http_requests_total"))
            #expect(before.contains(#"route="/healthz""#))
            let savedBefore = try #require(Self.sample("dwall_shares_saved_total", in: before), "\(before)")

            try await client.shareLink("https://example.com/m1", token: token)
            try await client.shareText("Counted.", token: token)
            _ = try await client.share(ShareRequest(contentType: .url, url: "https://example.com/m1"), token: token)

            let after = try await Self.metrics(client)
            let savedAfter = try #require(Self.sample("dwall_shares_saved_total", in: after), "\(after)")
            #expect(savedAfter == savedBefore + 2, "a duplicate is not a saved share")
            let duplicates = try #require(Self.sample("dwall_shares_duplicate_total", in: after))
            #expect(duplicates == 1)
        }
    }

    @Test func refusedSharesAreNotCountedAsSaved() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.send(.post, "/v1/share", token: token, body: "{")
            _ = try await client.share(ShareRequest(contentType: .url, url: "javascript:alert(1)"), token: token)
            let text = try await Self.metrics(client)
            #expect(Self.sample("dwall_shares_saved_total", in: text) == 0)
        }
    }
}
