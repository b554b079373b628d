import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WallCore

/// Invitations: a signed-in person makes a one-time link in Settings, and whoever opens it
/// makes an account with it, once, and is signed in.
@Suite struct WebInvitationTests {
    /// The invitation link the settings page shows once, after making one.
    private func makeInvitation(_ browser: WebBrowser) async throws -> String {
        try await browser.get("/settings")
        let page = try await browser.post("/settings/invitations", [])
        #expect(page.status == .ok)
        let match = try #require(page.text.firstMatch(of: /value="[^"]*(\/join\?code=[A-Za-z0-9_-]+)"/))
        return String(match.1)
    }

    @Test func anInvitationMakesOneAccountAndSignsItIn() async throws {
        try await TestServer.run(users: ["alice"]) { _, client in
            let alice = WebBrowser(client)
            try await alice.signIn("alice")
            let link = try await makeInvitation(alice)
            #expect(try await alice.get("/settings").text.contains("open until"))
            let code = String(link.dropFirst("/join?code=".count))

            let carol = WebBrowser(client)
            #expect(try await carol.get(link).status == .ok)
            let joined = try await carol.post("/join", [("code", code), ("username", "carol"), ("password", "carol's password")])

            #expect(joined.status == .seeOther)
            #expect(carol.cookies["dwall_session"] != nil)
            #expect(try await carol.get("/").text.contains("Inbox"))
            let token = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "carol", password: "carol's password")
            )
            #expect(token.status == .created)
            #expect(!(try await alice.get("/settings").text.contains("open until")), "a used invitation is no longer open")

            let dave = WebBrowser(client)
            #expect(try await dave.get(link).status == .notFound)
            try await dave.get("/signin")
            let again = try await dave.post("/join", [("code", code), ("username", "dave"), ("password", "dave's password")])
            #expect(again.status == .notFound)
            let daveToken = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "dave", password: "dave's password")
            )
            #expect(daveToken.status == .unauthorized)
        }
    }

    @Test func aBadNameKeepsTheInvitationOpenAndARevokedOneIsGone() async throws {
        try await TestServer.run(users: ["alice"]) { _, client in
            let alice = WebBrowser(client)
            try await alice.signIn("alice")
            let link = try await makeInvitation(alice)
            let code = String(link.dropFirst("/join?code=".count))

            let carol = WebBrowser(client)
            try await carol.get(link)
            let taken = try await carol.post("/join", [("code", code), ("username", "alice"), ("password", "carol's password")])
            #expect(taken.status == .badRequest)
            #expect(taken.text.contains("That user name is taken"))
            #expect(try await carol.get(link).status == .ok)

            let settings = try await alice.get("/settings").text
            let id = try #require(settings.firstMatch(of: /\/settings\/invitations\/([0-9A-F-]+)\/revoke/)).1
            #expect(try await alice.post("/settings/invitations/\(id)/revoke", []).status == .seeOther)
            #expect(try await carol.get(link).status == .notFound)
            #expect(try await WebBrowser(client).get("/join?code=nonsense").status == .notFound)
        }
    }
}
