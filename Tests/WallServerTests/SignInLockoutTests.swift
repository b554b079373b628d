import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore
import WallServer

/// A stranger cannot lock anyone out of signing in, and `X-Forwarded-For` is believed only from a
/// `--trusted-proxy`. Over a real socket (the address is the connection's), with a proxy on
/// 127.0.0.1 naming each test client's address.
@Suite struct SignInLockoutTests {
    static func attempt(
        _ client: some TestClientProtocol, _ username: String, password: String, from address: String?
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let address { headers[HTTPField.Name("X-Forwarded-For")!] = address }
        let body = try WallJSON.encoder().encode(AuthTokenRequest(username: username, password: password))
        return try await client.execute(uri: "/v1/auth/token", method: .post, headers: headers, body: .init(bytes: body))
    }

    static func behindProxy(_ arguments: inout TestAppArguments) { arguments.trustedProxies = ["127.0.0.1", "::1"] }

    @Test func aStrangersGuessesDoNotLockTheOwnerOutFromHerAddress() async throws {
        try await TestServer.run(.live, configure: Self.behindProxy) { _, client in
            // Given a stranger who guessed alice's password until refused
            var statuses: [HTTPResponse.Status] = []
            for guess in 0..<(Int(Limits.signInBurstPerUser) + 5) {
                statuses.append(try await Self.attempt(client, "alice", password: "guess-\(guess)-pw", from: "203.0.113.9").status)
            }
            #expect(statuses.prefix(Int(Limits.signInBurstPerUser)).allSatisfy { $0 == .unauthorized }, "\(statuses)")
            #expect(statuses.last == .tooManyRequests, "\(statuses)")

            // When alice signs in from her own address
            let alice = try await Self.attempt(client, "alice", password: TestServer.password(for: "alice"), from: "198.51.100.7")

            // Then she gets her token
            #expect(alice.status == .created, "\(alice.text)")
        }
    }

    @Test func attemptsRefusedForTheAddressAreNotChargedToTheUser() async throws {
        try await TestServer.run(.live, configure: Self.behindProxy) { _, client in
            // Given an address that spent its whole budget on other names
            for guess in 0..<Int(Limits.signInBurstPerAddress) {
                _ = try await Self.attempt(client, "nobody\(guess)", password: "password-guess", from: "203.0.113.9")
            }
            // When it keeps trying alice, every try refused for the address
            for guess in 0..<(2 * Int(Limits.signInBurstPerUser)) {
                let response = try await Self.attempt(client, "alice", password: "guess-\(guess)-pw", from: "203.0.113.9")
                try expectError(response, .tooManyRequests, .rateLimited)
            }
            // Then alice's own budget is whole: her next try from a fresh address is judged on its password
            for guess in 0..<Int(Limits.signInBurstPerUser) {
                let response = try await Self.attempt(client, "alice", password: "guess-\(guess)-pw", from: "192.0.2.44")
                #expect(response.status == .unauthorized, "try \(guess): \(response.text)")
            }
        }
    }

    @Test func forwardedForFromAnUntrustedPeerIsIgnored() async throws {
        try await TestServer.run(.live) { _, client in
            // Given guesses that each claim another address, from a peer that is no trusted proxy
            var last: TestResponse?
            for guess in 0..<(Int(Limits.signInBurstPerUser) + 1) {
                last = try await Self.attempt(client, "alice", password: "guess-\(guess)-pw", from: "203.0.113.\(guess)")
            }
            // Then they were counted as the one address they came from
            try expectError(try #require(last), .tooManyRequests, .rateLimited)
        }
    }

    @Test func trustedProxiesAreParsedAndMatched() throws {
        let proxies = try #require(TrustedProxies(["10.0.0.0/8", "2001:db8::/32", "192.0.2.1"]))
        #expect(proxies.contains("10.200.3.4") && proxies.contains("2001:db8::9") && proxies.contains("192.0.2.1"))
        #expect(!proxies.contains("11.0.0.1") && !proxies.contains("192.0.2.2") && !proxies.contains("2001:db9::1"))
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["198.51.100.1, 10.0.0.7"]) == "198.51.100.1")
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["1.2.3.4, 198.51.100.1"]) == "198.51.100.1",
                "what the client itself wrote first is not believed")
        #expect(proxies.clientAddress(peer: "198.51.100.2", forwardedFor: ["1.2.3.4"]) == "198.51.100.2")
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["not an address"]) == "10.0.0.1")
        #expect(TrustedProxies(["10.0.0.0/33"]) == nil && TrustedProxies(["example.com"]) == nil)
    }
}
