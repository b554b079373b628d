import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `POST /v1/auth/token`: signing in, and the limits on guessing.
///
/// The server allows 10 attempts at once per user name (5 a minute after that) and 30 at once per
/// address (30 a minute); in router tests every request comes from the address "unknown".
@Suite struct AuthTokenTests {
    static let perUserBurst = 10
    static let perAddressBurst = 30

    @Test func rightPasswordGivesATokenThatWorks() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(
                .post, "/v1/auth/token",
                json: AuthTokenRequest(username: "alice", password: TestServer.password(for: "alice"), label: "laptop")
            )

            #expect(response.status == .created)
            let issued = try response.decode(NewToken.self)
            #expect(issued.token.hasPrefix("dw_"))
            #expect(issued.info.label == "laptop")

            let me = try await client.send(.get, "/v1/me", token: issued.token)
            #expect(me.status == .ok)
            let body = try me.decode(MeBody.self)
            #expect(body.user.username == "alice")
            #expect(body.tokenId == issued.info.id)
        }
    }

    @Test func userNameIsCaseInsensitive() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(
                .post, "/v1/auth/token",
                json: AuthTokenRequest(username: "ALICE", password: TestServer.password(for: "alice"))
            )
            #expect(response.status == .created)
        }
    }

    @Test func wrongPasswordAndUnknownUserAre401() async throws {
        try await TestServer.run { _, client in
            let wrongPassword = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "alice", password: "not-her-password")
            )
            let unknownUser = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "mallory", password: "whatever-password")
            )

            let first = try expectError(wrongPassword, .unauthorized, .unauthorized)
            let second = try expectError(unknownUser, .unauthorized, .unauthorized)
            #expect(first.error.message == second.error.message, "the answer must not tell which part was wrong")
        }
    }

    @Test func missingPasswordIs400() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(.post, "/v1/auth/token", body: #"{"username": "alice"}"#)
            try expectError(response, .badRequest, .missingField, field: "password")
        }
    }

    @Test func repeatedFailuresForOneUserAreRateLimited() async throws {
        try await TestServer.run { _, client in
            // Given as many wrong guesses for alice as the per-user burst allows
            for attempt in 1...Self.perUserBurst {
                let response = try await client.send(
                    .post, "/v1/auth/token", json: AuthTokenRequest(username: "alice", password: "guess-\(attempt)-pw")
                )
                try #require(response.status == .unauthorized, "attempt \(attempt): \(response.text)")
            }

            // When she (or someone) tries again, even with the right password
            let limited = try await client.send(
                .post, "/v1/auth/token",
                json: AuthTokenRequest(username: "alice", password: TestServer.password(for: "alice"))
            )

            // Then it is refused with a wait
            try expectError(limited, .tooManyRequests, .rateLimited)
            let wait = try #require(limited.headers[.retryAfter].flatMap(Int.init))
            #expect(wait > 0)
        }
    }

    @Test func otherUserNamesAreLimitedByTheAddressBucket() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            // Given alice's name is limited after her burst of wrong guesses
            var spent = 0
            for attempt in 1...(Self.perUserBurst + 1) {
                let response = try await client.send(
                    .post, "/v1/auth/token", json: AuthTokenRequest(username: "alice", password: "guess-\(attempt)-pw")
                )
                spent += 1
                #expect(response.status == (attempt <= Self.perUserBurst ? .unauthorized : .tooManyRequests))
            }

            // Then bob, another name from the same address, can still sign in
            _ = try await client.signIn("bob")
            spent += 1

            // When new names are tried from that address, each once (so no name's own bucket is empty)
            var firstLimited: Int?
            for attempt in 0..<(2 * Self.perAddressBurst) {
                let response = try await client.send(
                    .post, "/v1/auth/token", json: AuthTokenRequest(username: "guess\(attempt)", password: "password-guess")
                )
                if response.status == .tooManyRequests {
                    try expectError(response, .tooManyRequests, .rateLimited)
                    #expect(response.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
                    firstLimited = attempt
                    break
                }
                #expect(response.status == .unauthorized)
            }

            // Then the address bucket runs out once the burst is spent (it refills only slowly)
            let limitedAfter = try #require(firstLimited, "a new name every time was never limited")
            #expect(limitedAfter >= Self.perAddressBurst - spent)
            // And bob, with the right password, is limited too: the limit is the address's, not his
            let bob = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "bob", password: TestServer.password(for: "bob"))
            )
            try expectError(bob, .tooManyRequests, .rateLimited)
        }
    }
}
