import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WallCore

/// Secret links from the settings page: made (shown once), opened by a signed-out browser,
/// listed without their secret, revoked.
@Suite struct WebWallLinkSettingsTests {
    @Test func settingsMakesShowsOnceAndRevokesASecretLink() async throws {
        try await TestServer.run(users: ["alice"]) { _, client in
            let token = try await client.signIn("alice")
            let trip = try await client.createWall("Trip", token: token)
            try await client.shareLink("https://example.com/museum", token: token, title: "Museum hours", wall: "trip")
            let alice = WebBrowser(client)
            try await alice.signIn("alice")
            try await alice.get("/settings")

            let made = try await alice.post("/settings/walls/\(trip.id.uuidString)/links", [])

            #expect(made.status == .ok)
            let path = String(try #require(made.text.firstMatch(of: /value="[^"]*(\/w\/dl_[A-Za-z0-9_-]+)"/)).1)
            let visitor = WebBrowser(client)
            let page = try await visitor.get(path)
            #expect(page.status == .ok)
            #expect(page.text.contains("Museum hours"))
            let settings = try await alice.get("/settings").text
            #expect(settings.contains("Secret link made"))
            #expect(!settings.contains(path), "the secret is shown once")

            let linkID = try #require(settings.firstMatch(of: /\/links\/([0-9A-F-]+)\/revoke/)).1
            let revoked = try await alice.post("/settings/walls/\(trip.id.uuidString)/links/\(linkID)/revoke", [])
            #expect(revoked.status == .seeOther)
            #expect(try await visitor.get(path).status == .notFound)
        }
    }
}
