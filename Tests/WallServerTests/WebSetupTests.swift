import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WallApp
import WallCore
import WallServer

/// First run: the setup link makes the first account once, and only while there is none.
@Suite struct WebSetupTests {
    private static let code = "setup_test-code-0123456789"

    /// Runs `test` against a server with no users whose setup code is `code`.
    private func withEmptyServer(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let arguments = TestAppArguments()
        defer { try? FileManager.default.removeItem(atPath: arguments.dataDirectory) }
        let app = try await buildApplication(arguments, setup: FirstRunSetup(code: Self.code))
        try await app.test(.router) { client in try await test(client) }
    }

    @Test func setupMakesTheFirstAccountAndSignsIn() async throws {
        try await withEmptyServer { client in
            let browser = WebBrowser(client)
            #expect(try await browser.get("/signin").text.contains("Not set up yet"))
            let form = try await browser.get("/setup?code=\(Self.code)")
            #expect(form.status == .ok)

            let response = try await browser.post(
                "/setup", [("code", Self.code), ("username", "alice"), ("password", "correct horse")]
            )

            #expect(response.status == .seeOther)
            #expect(browser.cookies["dwall_session"] != nil)
            #expect(try await browser.get("/").status == .ok)
            let token = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "alice", password: "correct horse")
            )
            #expect(token.status == .created)
        }
    }

    @Test func setupWorksOnce() async throws {
        try await withEmptyServer { client in
            let first = WebBrowser(client)
            try await first.get("/setup?code=\(Self.code)")
            _ = try await first.post("/setup", [("code", Self.code), ("username", "alice"), ("password", "correct horse")])

            let second = WebBrowser(client)
            #expect(try await second.get("/setup?code=\(Self.code)").status == .notFound)
            try await second.get("/signin")
            let again = try await second.post("/setup", [("code", Self.code), ("username", "mallory"), ("password", "correct horse")])
            #expect(again.status == .notFound)
            let token = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "mallory", password: "correct horse")
            )
            #expect(token.status == .unauthorized)
        }
    }

    @Test func wrongCodeOrMissingCSRFMakesNothing() async throws {
        try await withEmptyServer { client in
            let browser = WebBrowser(client)
            #expect(try await browser.get("/setup?code=wrong").status == .notFound)
            #expect(try await browser.get("/setup").status == .notFound)
            try await browser.get("/signin")
            let wrong = try await browser.post("/setup", [("code", "wrong"), ("username", "alice"), ("password", "correct horse")])
            #expect(wrong.status == .notFound)
            let noCSRF = try await browser.post(
                "/setup", [("code", Self.code), ("username", "alice"), ("password", "correct horse")], csrf: false
            )
            #expect(noCSRF.status == .forbidden)
            #expect(try await browser.get("/setup?code=\(Self.code)").status == .ok, "still open")
        }
    }

    @Test func invalidAccountShowsTheReasonAndKeepsTheCodeUsable() async throws {
        try await withEmptyServer { client in
            let browser = WebBrowser(client)
            try await browser.get("/setup?code=\(Self.code)")
            let short = try await browser.post("/setup", [("code", Self.code), ("username", "alice"), ("password", "short")])
            #expect(short.status == .badRequest)
            #expect(short.text.contains("at least 8"))
            let good = try await browser.post("/setup", [("code", Self.code), ("username", "alice"), ("password", "long enough")])
            #expect(good.status == .seeOther)
        }
    }

    @Test func setupIsClosedOnceAnyoneHasAnAccount() async throws {
        try await TestServer.run { _, client in
            let page = try await WebBrowser(client).get("/setup?code=anything")
            #expect(page.status == .notFound)
        }
    }
}
