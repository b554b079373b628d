import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// Saving from the browser: the share box, the bookmarklet's page, and the PWA share target.
@Suite struct WebShareTests {
    @Test func shareBoxSavesALinkOrAPassageOnce() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let id = UUID().uuidString

            let link = try await browser.post("/share", [("content", " https://example.com/box "), ("tags", "a, b"), ("id", id)])
            let again = try await browser.post("/share", [("content", " https://example.com/box "), ("tags", "a, b"), ("id", id)])
            let passage = try await browser.post("/share", [("content", "Just a thought"), ("wall", "inbox")])

            #expect(link.status == .seeOther)
            #expect(again.status == .seeOther)
            #expect(passage.location == "/w/inbox?notice=saved")
            let items = try await client.allItems(token: token)
            #expect(items.count == 2)
            #expect(items.contains { $0.kind == .url && $0.url == "https://example.com/box" && $0.tags == ["a", "b"] })
            #expect(items.contains { $0.kind == .text && $0.text == "Just a thought" && $0.source == .web })
        }
    }

    @Test func shareBoxFormCarriesAnIDSoSendingTwiceSavesOnce() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/")
            let form = try #require(page.text.components(separatedBy: "data-share-box").dropFirst().first)
            let id = try #require(WebWallPageTests.attribute("value", in: form.components(separatedBy: "name=\"id\"").dropFirst().joined()))
            #expect(UUID(uuidString: id) != nil)

            for _ in 0..<2 { try await browser.post("/share", [("content", "Sent twice"), ("id", id)]) }

            #expect(try await client.allItems(token: token).filter { $0.text == "Sent twice" }.count == 1)
        }
    }

    @Test func shareBoxRefusesWhatTheAPIRefuses() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()

            let response = try await browser.post("/share", [("url", "javascript:alert(1)")])

            #expect(response.status == .badRequest)
            #expect(response.text.contains("Save to your wall"), "the form comes back to fix")
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test func bookmarkletPageIsFilledIn() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/share?url=https%3A%2F%2Fexample.com%2Fb&title=A%20%22quoted%22%20title")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"value="https://example.com/b""#))
            #expect(page.text.contains("A &quot;quoted&quot; title"))
            // Focus on the note, not on Save: another site opening this page filled in must
            // not get it saved by a keypress the person meant for that site.
            #expect(page.text.contains(#"name="note" rows="2" maxlength="10000" autofocus"#))
            #expect(!page.text.contains(#"class="primary" autofocus"#))
        }
    }

    @Test func shareTargetFromTheShareSheetIsSaved() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let boundary = "----dwall"
            let body = [("title", "Shared page"), ("text", "Look at this https://example.com/shared"), ("url", "")]
                .map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }
                .joined() + "--\(boundary)--\r\n"

            let response = try await browser.send(
                .post, "/share-target",
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "none"],
                body: ByteBuffer(string: body)
            )

            #expect(response.status == .seeOther)
            let items = try await client.allItems(token: token)
            #expect(items.count == 1)
            #expect(items.first?.url == "https://example.com/shared")
            #expect(items.first?.kind == .text)
            #expect(items.first?.text == "Look at this")
            #expect(items.first?.source == .webShareTarget)
        }
    }

    @Test func shareTargetPostedByAnotherSiteOnlyAsks() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()

            let response = try await browser.post(
                "/share-target", [("title", "Planted"), ("url", "https://evil.example/")], csrf: false,
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            )

            #expect(response.status == .ok)
            #expect(response.text.contains("Save to your wall"))
            #expect(response.text.contains(#"value="https://evil.example/""#))
            #expect(try await client.allItems(token: token).isEmpty, "nothing saved without the person's click")
        }
    }

    @Test func shareTargetSignedOutGoesToSignInKeepingTheShare() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.get("/signin")
            let response = try await browser.post(
                "/share-target", [("url", "https://example.com/later")], csrf: false,
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "none"]
            )
            #expect(response.status == .seeOther)
            #expect(response.location?.hasPrefix("/signin?next=") == true)
            #expect(response.location?.contains("example.com") == true)
        }
    }

    @Test func unreadableFormIs400() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let response = try await browser.send(
                .post, "/share-target",
                headers: [.contentType: "multipart/form-data; boundary=xyz", HTTPField.Name("Sec-Fetch-Site")!: "none"],
                body: ByteBuffer(string: "garbage")
            )
            #expect(response.status == .badRequest)
        }
    }
}
