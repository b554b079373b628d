import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// Signing in and out of the web wall: the session cookie, CSRF on the sign-in form itself,
/// rate limiting, and where the browser is sent afterwards.
@Suite struct WebSignInTests {
    @Test func signInSetsASessionCookieThatIsHttpOnlyAndLax() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            let form = try await browser.get("/signin")
            #expect(form.status == .ok)
            #expect(browser.cookies["dwall_pre"] != nil, "the sign-in form's CSRF needs a pre-session cookie")

            let response = try await browser.post("/signin", [("username", "alice"), ("password", TestServer.password(for: "alice"))])

            #expect(response.status == .seeOther)
            #expect(response.location == "/")
            let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("dwall_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"), "plain http on loopback: a Secure cookie would never come back")
            let wall = try await browser.get("/")
            #expect(wall.status == .ok)
            #expect(wall.text.contains("Sign out"))
        }
    }

    @Test func cookieIsSecureBehindHTTPS() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.get("/signin")
            _ = try await browser.post(
                "/signin", [("username", "alice"), ("password", TestServer.password(for: "alice"))],
                headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"]
            )
            let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("dwall_session=") })
            #expect(cookie.contains("Secure"))
        }
    }

    @Test func signInWithoutTheFormsCSRFTokenIsRefused() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.get("/signin")

            let response = try await browser.post(
                "/signin", [("username", "alice"), ("password", TestServer.password(for: "alice"))], csrf: false
            )

            #expect(response.status == .forbidden)
            #expect(response.text.contains("This form has expired"))
            #expect(browser.cookies["dwall_session"] == nil)
        }
    }

    @Test func wrongPasswordShowsTheFormAgainWith401() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.get("/signin")

            let response = try await browser.post("/signin", [("username", "alice"), ("password", "wrong password")])

            #expect(response.status == .unauthorized)
            #expect(response.text.contains("The user name or password is wrong."))
            #expect(browser.cookies["dwall_session"] == nil)
        }
    }

    @Test func attemptsAreRateLimited() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.get("/signin")
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<12 {
                statuses.append(try await browser.post("/signin", [("username", "alice"), ("password", "guess-guess")]).status)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .unauthorized }, "\(statuses)")
            #expect(statuses.last == .tooManyRequests, "\(statuses)")
            let limited = try await browser.post("/signin", [("username", "alice"), ("password", TestServer.password(for: "alice"))])
            #expect(limited.status == .tooManyRequests, "the right password waits its turn too")
            #expect(limited.headers[.retryAfter] != nil)
            #expect(browser.cookies["dwall_session"] == nil)
        }
    }

    @Test func nextOnlyLeadsToThisSite() async throws {
        try await TestServer.run { _, client in
            for (next, expected) in [("/settings", "/settings"), ("//evil.example/x", "/"), ("https://evil.example", "/"), ("/\\evil", "/")] {
                let browser = WebBrowser(client)
                try await browser.get("/signin")
                let response = try await browser.post(
                    "/signin", [("username", "alice"), ("password", TestServer.password(for: "alice")), ("next", next)]
                )
                #expect(response.location == expected, "next=\(next)")
            }
        }
    }

    @Test func pagesNeedSignInAndComeBackAfterwards() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            let response = try await browser.get("/settings")
            #expect(response.status == .seeOther)
            #expect(response.location == "/signin?next=/settings")
            #expect(try await browser.get("/").location == "/signin")
        }
    }

    @Test func signOutEndsTheSessionForPagesAndTheAPI() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let secret = try #require(browser.cookies["dwall_session"])

            let response = try await browser.post("/signout")

            #expect(response.status == .seeOther)
            #expect(browser.cookies["dwall_session"] == nil)
            let replay = try await client.execute(uri: "/v1/items", method: .get, headers: [.cookie: "dwall_session=\(secret)"])
            try expectError(replay, .unauthorized, .unauthorized)
            let page = try await client.execute(uri: "/", method: .get, headers: [.cookie: "dwall_session=\(secret)"])
            #expect(page.status == .seeOther)
        }
    }

    @Test func signOutWithoutCSRFIsRefused() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()

            let response = try await browser.post("/signout", csrf: false)

            #expect(response.status == .forbidden)
            #expect(try await browser.get("/").status == .ok, "still signed in")
        }
    }
}
