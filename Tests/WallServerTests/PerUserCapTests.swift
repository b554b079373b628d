import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore
import WallServer
import WallStore

/// What one account may hold or queue: live tokens, and refreshes of a link already pending.
@Suite struct PerUserCapTests {
    @Test func theTokenPastTheCapIsRefusedAndNothingIsMade() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            for index in 2...Limits.maxTokensPerUser {
                let made = try await client.send(.post, "/v1/tokens", token: token, json: TokenCreateRequest(label: "t\(index)"))
                #expect(made.status == .created)
            }

            let refused = try await client.send(.post, "/v1/tokens", token: token, json: TokenCreateRequest(label: "one more"))

            _ = try expectError(refused, .badRequest, .invalidField)
            #expect(refused.text.contains("revoke one"))
            let listed = try await client.send(.get, "/v1/tokens", token: token).decode(TokenListBody.self)
            #expect(listed.tokens.count == Limits.maxTokensPerUser)
            #expect(!listed.tokens.contains { $0.label == "one more" })
        }
    }

    @Test func refreshingALinkThatIsStillPendingQueuesOneJobHoweverOftenItIsAsked() async throws {
        // The link's site takes the connection and never answers, so the link stays pending (its
        // fetch waits for its 10 s deadline) and no job finishes while the refreshes come in.
        let site = try SilentPort()
        defer { site.close() }
        try await TestServer.run(.live, configure: EnrichmentTests.configure(allowPrivate: true)) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let item = try await client.shareLink("http://127.0.0.1:\(site.port)/slow", token: token).item
            #expect(item.state == .pending)

            for _ in 1...20 {
                let refreshed = try await client.send(.post, "/v1/items/\(item.id)/refresh", token: token)
                #expect(refreshed.status == .accepted)
                #expect(try client.decodeItem(refreshed).state == .pending)
            }

            let jobs = try await server.withStore { store in
                try await store.jobs.jobs(state: nil, limit: 100).filter { $0.itemID == item.id }
            }
            #expect(jobs.count == 2, "the share's own job and one refresh, not one per refresh: \(jobs.map(\.state))")
        }
    }
}
