import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// The item page: read, edit note, tags, title and wall, delete; every form needs its CSRF token.
@Suite struct WebItemPageTests {
    @Test func showsTheWholePassageAndTheOriginal() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let long = String(repeating: "A long passage. ", count: 60) + "The very end."
            let saved = try await client.shareText(long, token: token, title: "Long read")
            let link = try await client.shareLink("https://example.com/page", token: token, title: "A page")
            let browser = WebBrowser(client)
            try await browser.signIn()

            let page = try await browser.get("/items/\(saved.item.id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("The very end."))
            let linkPage = try await browser.get("/items/\(link.item.id)")
            #expect(linkPage.text.contains(#"href="https://example.com/page" target="_blank" rel="noopener noreferrer""#))
        }
    }

    @Test func editChangesNoteTagsTitleAndWall() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.createWall("Later", token: token)
            let saved = try await client.shareLink("https://example.com/e", token: token, title: "Old title")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/items/\(saved.item.id)")

            let response = try await browser.post(
                "/items/\(saved.item.id)",
                [("title", "New title"), ("note", "Worth it"), ("tags", "Swift, later ,"), ("wall", "later")]
            )

            #expect(response.status == .seeOther)
            let item = try await client.item(saved.item.id, token: token).decode(Item.self)
            #expect(item.title == "New title")
            #expect(item.userNote == "Worth it")
            #expect(item.tags == ["swift", "later"])
            #expect(item.wallId == (try await client.wall("later", token: token)).id)
        }
    }

    @Test func savingTheFormKeepsWhatASameLinkShareAddedSinceThePageWasShown() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let saved = try await client.shareLink("https://example.com/s", token: token, title: "Old title", note: "First")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/items/\(saved.item.id)").text
            let shown = try ["title", "note", "tags", "wall"].map { name in
                let match = try #require(page.firstMatch(of: try Regex("name=\"\(name)_shown\" value=\"([^\"]*)\"")))
                return (name, String(try #require(match.output[1].substring)))
            }
            #expect(shown.map(\.1) == ["Old title", "First", "", "inbox"])

            // Shared again while the page is open: its note and tag are merged into the item.
            let again = ShareRequest(contentType: .url, url: "https://example.com/s", userNote: "Second", tags: ["later"], source: .cli)
            #expect(try await client.share(again, token: token).status == .ok)
            // The person changes only the title; the form sends the other fields as it showed them.
            let fields = [("title", "New title"), ("note", "First"), ("tags", ""), ("wall", "inbox")]
            let response = try await browser.post("/items/\(saved.item.id)", fields + shown.map { ("\($0.0)_shown", $0.1) })

            #expect(response.status == .seeOther)
            let item = try await client.item(saved.item.id, token: token).decode(Item.self)
            #expect(item.title == "New title")
            #expect(item.userNote == "First\n\nSecond")
            #expect(item.tags == ["later"])
        }
    }

    @Test func editWithoutCSRFIsRefusedAndChangesNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let saved = try await client.shareLink("https://example.com/c", token: token, title: "Keep me")
            let browser = WebBrowser(client)
            try await browser.signIn()

            let response = try await browser.post("/items/\(saved.item.id)", [("title", "Changed")], csrf: false)
            let deletion = try await browser.post("/items/\(saved.item.id)/delete", csrf: false)

            #expect(response.status == .forbidden)
            #expect(deletion.status == .forbidden)
            let item = try await client.item(saved.item.id, token: token).decode(Item.self)
            #expect(item.title == "Keep me")
        }
    }

    @Test func invalidEditShowsTheReasonAndChangesNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let saved = try await client.shareLink("https://example.com/v", token: token, title: "Valid")
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/items/\(saved.item.id)")

            let tooLong = try await browser.post("/items/\(saved.item.id)", [("title", String(repeating: "x", count: 1_001))])
            let noWall = try await browser.post("/items/\(saved.item.id)", [("wall", "nowhere")])

            #expect(tooLong.status == .badRequest)
            #expect(tooLong.text.contains("title is longer than"))
            #expect(noWall.status == .badRequest)
            #expect(try await client.item(saved.item.id, token: token).decode(Item.self).title == "Valid")
        }
    }

    @Test func deleteFormDeletes() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let saved = try await client.shareLink("https://example.com/d", token: token)
            let browser = WebBrowser(client)
            try await browser.signIn()
            try await browser.get("/items/\(saved.item.id)")

            let response = try await browser.post("/items/\(saved.item.id)/delete")

            #expect(response.status == .seeOther)
            #expect(response.location == "/w/inbox?notice=deleted")
            #expect(try await client.item(saved.item.id, token: token).status == .notFound)
        }
    }
}
