import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore
import WallStore

/// Settings: tokens (shown once, revoked), walls (add, rename, reorder, delete), password.
@Suite struct WebSettingsTests {
    @Test func tokenIsShownOnceWorksAndCanBeRevoked() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            let made = try await browser.post("/settings/tokens", [("label", "Laptop")])

            #expect(made.status == .ok)
            let section = try #require(made.text.components(separatedBy: "class=\"new-token\"").dropFirst().first)
            let token = try #require(WebWallPageTests.attribute("value", in: section))
            #expect(token.hasPrefix("dw_"))
            #expect(try await client.send(.get, "/v1/me", token: token).status == .ok)
            let again = try await browser.get("/settings")
            #expect(!again.text.contains(token), "shown once")
            #expect(again.text.contains("Laptop"))

            let id = try await client.send(.get, "/v1/me", token: token).decode(MeBody.self).tokenId
            let revoked = try await browser.post("/settings/tokens/\(id.uuidString)/revoke")
            #expect(revoked.status == .seeOther)
            try expectError(try await client.send(.get, "/v1/me", token: token), .unauthorized, .unauthorized)
        }
    }

    @Test func wallsAreAddedRenamedReorderedAndDeleted() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            #expect(try await browser.post("/settings/walls", [("name", "Reading")]).status == .seeOther)
            let reading = try await client.wall("reading", token: token)
            try await client.shareLink("https://example.com/r", token: token, wall: "reading")
            #expect(try await browser.post("/settings/walls/\(reading.id)", [("action", "rename"), ("name", "Reading list")]).status == .seeOther)
            #expect(try await client.wall("reading", token: token).name == "Reading list")
            #expect(try await browser.post("/settings/walls/\(reading.id)", [("action", "up")]).status == .seeOther)
            let order = try await client.send(.get, "/v1/walls", token: token).decode(WallListBody.self).walls.map(\.slug)
            #expect(order == ["reading", "inbox"])

            let refused = try await browser.post("/settings/walls/\(reading.id)/delete", [("items", "")])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("choose what becomes of them"))
            let moved = try await browser.post("/settings/walls/\(reading.id)/delete", [("items", "move:inbox")])
            #expect(moved.status == .seeOther)
            let items = try await client.allItems(token: token)
            #expect(items.count == 1)
            #expect(items.first?.wallId == (try await client.wall("inbox", token: token)).id)
        }
    }

    @Test func wallDeleteChoicesSayWhatBecomesOfItsItemsAndDeleteTheItemsWhenAsked() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let reading = try await client.createWall("Reading", token: token)
            let trips = try await client.createWall("Trips", token: token)
            let empty = try await client.createWall("Someday", token: token)
            let kept = try await client.shareLink("https://example.com/trip", token: token, wall: "trips")
            for path in ["a", "b", "c"] {
                try await client.shareLink("https://example.com/\(path)", token: token, wall: "reading")
            }

            let page = try await browser.get("/settings")
            let readingForm = try Self.deleteForm(of: reading, in: page.text)
            #expect(readingForm.contains(">move its 3 items to Inbox</option>"))
            #expect(readingForm.contains(">move its 3 items to Trips</option>"))
            #expect(readingForm.contains(">delete its 3 items too</option>"))
            #expect(readingForm.contains(">Delete wall</button>"))
            let tripsForm = try Self.deleteForm(of: trips, in: page.text)
            #expect(tripsForm.contains(">move its 1 item to Reading</option>"))
            #expect(tripsForm.contains(">delete its 1 item too</option>"))
            let emptyForm = try Self.deleteForm(of: empty, in: page.text)
            #expect(emptyForm.contains(">Delete empty wall</button>"))
            #expect(!emptyForm.contains("<select"), "an empty wall needs no choice")
            #expect(!emptyForm.contains("item"))

            let deleted = try await browser.post("/settings/walls/\(reading.id)/delete", [("items", "delete")])
            #expect(deleted.status == .seeOther)
            #expect(try await client.allItems(token: token).map(\.id) == [kept.item.id], "its three items went with it")
            #expect(try await client.send(.get, "/v1/walls/reading", token: token).status == .notFound)
            #expect(try await browser.post("/settings/walls/\(empty.id)/delete", [("items", "")]).status == .seeOther)
            let slugs = try await client.send(.get, "/v1/walls", token: token).decode(WallListBody.self).walls.map(\.slug)
            #expect(slugs.sorted() == ["inbox", "trips"])
        }
    }

    /// The delete form of `wall` on the settings page.
    private static func deleteForm(of wall: Wall, in page: String) throws -> String {
        let start = try #require(page.range(of: "action=\"/settings/walls/\(wall.id.uuidString)/delete\""))
        let end = try #require(page.range(of: "</form>", range: start.upperBound..<page.endIndex))
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test func passwordChangeNeedsTheCurrentOneAndSignsOutOtherBrowsers() async throws {
        try await TestServer.run { _, client in
            let other = WebBrowser(client)
            try await other.signIn()
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")

            let wrong = try await browser.post("/settings/password", [("current", "not it"), ("new", "a new password")])
            #expect(wrong.status == .badRequest)
            let short = try await browser.post(
                "/settings/password", [("current", TestServer.password(for: "alice")), ("new", "short")]
            )
            #expect(short.status == .badRequest)
            #expect(try await other.get("/").status == .ok, "nothing changed yet")

            let changed = try await browser.post(
                "/settings/password", [("current", TestServer.password(for: "alice")), ("new", "a new password")]
            )

            #expect(changed.status == .seeOther)
            #expect(try await browser.get("/").status == .ok, "this browser stays signed in")
            #expect(try await other.get("/").status == .seeOther, "the other one is signed out")
            let token = try await client.send(
                .post, "/v1/auth/token", json: AuthTokenRequest(username: "alice", password: "a new password")
            )
            #expect(token.status == .created)
        }
    }

    @Test func settingsFormsNeedCSRF() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            for (path, fields) in [
                ("/settings/tokens", [("label", "x")]), ("/settings/walls", [("name", "Sneaky")]),
                ("/settings/password", [("current", TestServer.password(for: "alice")), ("new", "hijacked!")]),
            ] {
                #expect(try await browser.post(path, fields, csrf: false).status == .forbidden, "\(path)")
            }
            #expect(try await client.send(.get, "/v1/walls", token: token).decode(WallListBody.self).walls.count == 1)
            #expect(try await client.send(.get, "/v1/tokens", token: token).decode(TokenListBody.self).tokens.count == 1)
        }
    }

    @Test func aMemberOfAnyNameIsChangedAndRemovedThroughTheirRowsForm() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            // An account named ".." (made before such names were refused): in a path, a browser
            // resolves it away, so the row's form names the member in a field.
            _ = try await server.withStore { try await $0.createUser(username: "..", passwordHash: "unused") }
            let trip = try await client.createWall("Trip", slug: "trip", token: token)
            let alice = try await client.send(.get, "/v1/me", token: token).decode(Me.self).user.id
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/settings")
            #expect(try await browser.post("/settings/walls/\(trip.id)/members", [("username", ".."), ("role", "contributor")]).status == .seeOther)

            let page = try await browser.get("/settings")
            #expect(page.text.contains("action=\"/settings/walls/\(trip.id.uuidString)/members\""))
            #expect(!page.text.contains("/members/.."), "no member's name is a path segment")
            // Each row's buttons say whom they act on, to a screen reader too.
            #expect(page.text.contains(#"Remove<span class="visually-hidden"> ..</span>"#))
            #expect(page.text.contains(#"Rename<span class="visually-hidden"> Trip</span>"#))
            let changed = try await browser.post(
                "/settings/walls/\(trip.id)/members", [("username", ".."), ("role", "viewer"), ("action", "change")]
            )
            #expect(changed.status == .seeOther)
            let members = try await server.withStore { try await $0.members(wallID: trip.id, userID: alice) }
            #expect(members.map(\.role) == [.viewer], "\(members)")
            let removed = try await browser.post("/settings/walls/\(trip.id)/members", [("username", ".."), ("action", "remove")])
            #expect(removed.status == .seeOther)
            #expect(try await server.withStore { try await $0.members(wallID: trip.id, userID: alice) }.isEmpty)
        }
    }

}
