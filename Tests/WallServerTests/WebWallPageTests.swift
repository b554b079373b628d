import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// The wall page and its card fragments: escaping, the CSP, search marks, filters, paging.
@Suite struct WebWallPageTests {
    @Test func storedTextIsEscapedEverywhere() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let evil = #"<script>alert(1)</script> "><img src=x onerror=alert(2)>"#
            let saved = try await client.shareLink(
                "https://example.com/x", token: token, title: evil, note: "<b>note</b>", tags: ["<i>tag</i>"]
            )
            let browser = WebBrowser(client)
            try await browser.signIn()

            for path in ["/", "/items/\(saved.item.id)", "/fragments/cards/\(saved.item.id)", "/fragments/cards"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(!page.text.contains("<script>alert"), "\(path)")
                #expect(!page.text.contains("<img src=x"), "\(path)")
                #expect(!page.text.contains("<b>note"), "\(path)")
                #expect(!page.text.contains("<i>tag"), "\(path)")
            }
            let wall = try await browser.get("/")
            #expect(wall.text.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        }
    }

    @Test func pagesCarryAStrictContentSecurityPolicy() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/")
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("img-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            #expect(page.headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] == "same-origin", "no opener keeps a handle")
            #expect(!page.text.contains("<script>"), "no inline script")
            #expect(!page.text.contains(" style="), "no inline style")
            #expect(!page.text.contains(" on"+"click="))
        }
    }

    @Test func searchMarksWhatMatched() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try await client.shareText("Structured concurrency in Swift", token: token)
            try await client.shareText("Baking bread at home", token: token)
            let browser = WebBrowser(client)
            try await browser.signIn()

            let page = try await browser.get("/w/inbox?q=conc")

            #expect(page.status == .ok)
            #expect(page.text.contains("<mark>conc</mark>urrency"))
            #expect(!page.text.contains("Baking bread"))
            #expect(page.text.contains(#"value="conc""#), "the search box keeps the query")
        }
    }

    @Test func tagFilterShowsOnlyTaggedCards() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try await client.shareLink("https://example.com/tagged", token: token, title: "Tagged one", tags: ["swift"])
            try await client.shareLink("https://example.com/plain", token: token, title: "Plain one")
            let browser = WebBrowser(client)
            try await browser.signIn()

            let page = try await browser.get("/w/inbox?tag=swift")

            #expect(page.text.contains("Tagged one"))
            #expect(!page.text.contains("Plain one"))
            #expect(page.text.contains(#"href="/w/inbox?tag=swift""#))
        }
    }

    @Test func wallsAreSeparateAndTheSwitcherListsThem() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.createWall("Reading list", token: token)
            try await client.shareLink("https://example.com/r", token: token, title: "To read", wall: "reading-list")
            try await client.shareLink("https://example.com/i", token: token, title: "In the inbox")
            let browser = WebBrowser(client)
            try await browser.signIn()

            let reading = try await browser.get("/w/reading-list")

            #expect(reading.text.contains("To read"))
            #expect(!reading.text.contains("In the inbox"))
            #expect(reading.text.contains(#"<a href="/w/reading-list" aria-current="page">"#))
            #expect(try await browser.get("/w/no-such-wall").status == .notFound)
        }
    }

    @Test func olderCardsComeByCursorAsFragments() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            for index in 0..<35 { try await client.shareText("Passage number \(index)", token: token) }
            let browser = WebBrowser(client)
            try await browser.signIn()

            let page = try await browser.get("/")
            #expect(page.text.components(separatedBy: "<article class=\"card").count - 1 == 30)
            let fragmentPath = try #require(Self.attribute("data-fragment", in: page.text))
            let fragment = try await browser.get(fragmentPath.replacingOccurrences(of: "&amp;", with: "&"))

            #expect(fragment.status == .ok)
            #expect(fragment.text.components(separatedBy: "<article class=\"card").count - 1 == 5)
            #expect(fragment.text.contains("Passage number 0"))
            #expect(!fragment.text.contains("<html"))
            #expect(!fragment.text.contains("data-fragment"), "the last page has no next page")
        }
    }

    @Test func anotherUsersItemIsNotFound() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let bobToken = try await client.signIn("bob")
            let bobs = try await client.shareLink("https://example.com/bob", token: bobToken, title: "Bob's")
            let browser = WebBrowser(client)
            try await browser.signIn("alice")

            #expect(try await browser.get("/items/\(bobs.item.id)").status == .notFound)
            #expect(try await browser.get("/fragments/cards/\(bobs.item.id)").status == .notFound)
            #expect(try await browser.get("/items/not-a-uuid").status == .notFound)
            #expect(!(try await browser.get("/").text.contains("Bob's")))
        }
    }

    @Test func badQueryIsA400Page() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/?cursor=nonsense")
            #expect(page.status == .badRequest)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    static func attribute(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "\(name)=\"") else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
