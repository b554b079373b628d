import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// Who may read `GET /metrics`, over a real socket (the peer address is the connection's): with
/// `--metrics-token`, only that bearer; without, callers on this machine that say nothing of being
/// forwarded; anybody else gets the 404 of a route that is not there.
@Suite struct MetricsAccessTests {
    static func metrics(_ client: some TestClientProtocol, _ headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: "/metrics", method: .get, headers: headers, body: nil)
    }

    static let token = "metrics-token-0123456789"

    @Test func withoutATokenALoopbackCallerReadsTheMetrics() async throws {
        try await TestServer.run(.live) { _, client in
            let response = try await Self.metrics(client)
            #expect(response.status == .ok)
            #expect(response.text.contains("dwall_shares_saved_total"))
        }
    }

    @Test func withoutATokenAForwardedRequestGets404EvenFromLoopback() async throws {
        try await TestServer.run(.live) { _, client in
            for (name, value) in [("X-Forwarded-For", "203.0.113.9"), ("Forwarded", "for=203.0.113.9"), ("X-Real-IP", "203.0.113.9")] {
                let response = try await Self.metrics(client, [HTTPField.Name(name)!: value])
                try expectError(response, .notFound, .notFound)
                #expect(!response.text.contains("dwall_shares_saved_total"), "\(name)")
            }
        }
    }

    @Test func withoutATokenARemoteClientBehindATrustedProxyGets404() async throws {
        try await TestServer.run(.live, configure: SignInLockoutTests.behindProxy) { _, client in
            let remote = try await Self.metrics(client, [HTTPField.Name("X-Forwarded-For")!: "203.0.113.9"])
            try expectError(remote, .notFound, .notFound)
            // The proxy's own request (no forwarding header) is local.
            #expect(try await Self.metrics(client).status == .ok)
        }
    }

    @Test func withATokenOnlyThatBearerReadsTheMetricsEvenFromLoopback() async throws {
        try await TestServer.run(.live, configure: { $0.metricsToken = Self.token }) { _, client in
            try expectError(try await Self.metrics(client), .notFound, .notFound)
            try expectError(try await Self.metrics(client, [.authorization: "Bearer wrong-token-0123456789"]), .notFound, .notFound)
            let user = try await client.signIn("alice")
            try expectError(try await Self.metrics(client, [.authorization: "Bearer \(user)"]), .notFound, .notFound)

            let allowed = try await Self.metrics(client, [.authorization: "Bearer \(Self.token)"])
            #expect(allowed.status == .ok)
            #expect(allowed.text.contains("dwall_shares_saved_total"))
        }
    }
}
