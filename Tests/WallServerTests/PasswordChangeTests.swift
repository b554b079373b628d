import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// Changing the password on the settings page: what it does to API tokens, and how fast its
/// current-password check may be guessed.
@Suite struct PasswordChangeTests {
    static func change(_ browser: WebBrowser, current: String, revokeTokens: Bool) async throws -> TestResponse {
        var fields = [("current", current), ("new", "a brand new password")]
        if revokeTokens { fields.append(("revokeTokens", "on")) }
        return try await browser.post("/settings/password", fields)
    }

    @Test func aPasswordChangeRevokesEveryAPITokenWhenTicked() async throws {
        try await TestServer.run { _, client in
            let first = try await client.signIn("alice")
            let second = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            let changed = try await Self.change(browser, current: TestServer.password(for: "alice"), revokeTokens: true)

            #expect(changed.status == .seeOther)
            #expect(changed.location?.contains("notice=") == true, "\(String(describing: changed.location))")
            for token in [first, second] {
                try expectError(try await client.send(.get, "/v1/me", token: token), .unauthorized, .unauthorized)
            }
            #expect(try await browser.get("/").status == .ok, "the browser that changed it stays signed in")
        }
    }

    @Test func aPasswordChangeKeepsTheAPITokensWhenUnticked() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            let changed = try await Self.change(browser, current: TestServer.password(for: "alice"), revokeTokens: false)

            #expect(changed.status == .seeOther)
            #expect(try await client.send(.get, "/v1/me", token: token).status == .ok)
            let listed = try await client.send(.get, "/v1/tokens", token: token).decode(TokenListBody.self)
            #expect(listed.tokens.count == 1)
        }
    }

    @Test func aWrongCurrentPasswordRevokesNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            let wrong = try await Self.change(browser, current: "not the password", revokeTokens: true)

            #expect(wrong.status == .badRequest)
            #expect(try await client.send(.get, "/v1/me", token: token).status == .ok)
        }
    }

    @Test func guessingTheCurrentPasswordIsRateLimitedAndTheRightOneThenWaitsToo() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            // The sign-ins above spent two of the user's attempts from this address.
            var statuses: [HTTPResponse.Status] = []
            for guess in 0..<Int(Limits.signInBurstPerUser) {
                statuses.append(try await Self.change(browser, current: "guess \(guess)", revokeTokens: true).status)
                if statuses.last == .tooManyRequests { break }
            }
            #expect(statuses.last == .tooManyRequests, "\(statuses)")
            #expect(statuses.dropLast().allSatisfy { $0 == .badRequest }, "\(statuses)")

            let right = try await Self.change(browser, current: TestServer.password(for: "alice"), revokeTokens: true)

            #expect(right.status == .tooManyRequests)
            #expect(right.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
            #expect(try await client.send(.get, "/v1/me", token: token).status == .ok, "nothing changed")
        }
    }
}
