import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WallCore
import WallServer

/// A share with a page snapshot (the page as the person's browser showed it) becomes a card
/// with the snapshot's readable text, read through the same extraction as a fetched page, even
/// when the site can't be reached; hostile snapshots are read as text or refused by field.
@Suite struct PageSnapshotShareTests {
    /// A page whose words were written by script after load: only the person's browser saw them.
    static let rendered = """
        <html><head><meta charset="utf-8"><title>Members only</title>
        <meta property="og:site_name" content="Snapshot Weekly"></head>
        <body><nav>menu words</nav><article><h1>Tidal notes</h1>
        <p>Barnacles close their plates when the tide goes out.</p></article>
        <script>document.body.append("scriptwords")</script></body></html>
        """

    static func snapshotShare(_ url: String, html: String? = nil, text: String? = nil, title: String? = nil) -> ShareRequest {
        ShareRequest(
            contentType: .url, url: url, source: .browserExtension,
            page: PageSnapshot(title: title, html: html, text: text, capturedBy: "browser_extension")
        )
    }

    /// Shares `request` and returns the item once it is no longer pending.
    static func shareAndSettle(
        _ request: ShareRequest, client: some TestClientProtocol, token: String
    ) async throws -> (shared: ShareResponse, settled: Item) {
        let port = try #require(client.port)
        // Through one timed-out fetch and its retry, as `EnrichmentTests` waits: under the whole
        // suite's load a loopback fetch can pass its deadline.
        return try await SSEClient.withStream(port: port, token: token, timeout: EnrichmentTests.settleTimeout) { reader in
            let response = try await client.share(request, token: token)
            try #require(response.status == .created || response.status == .ok, "share: \(response.text)")
            let shared = try response.decode(ShareResponse.self)
            while true {
                let event = try EventsTests.itemEvent(try await reader.nextEvent())
                if event.itemId == shared.item.id, event.type == .updated, let item = event.item, item.state != .pending {
                    return (shared, item)
                }
            }
        }
    }

    /// Refreshes an item and returns it once it is no longer pending.
    static func refreshAndSettle(_ id: UUID, client: some TestClientProtocol, token: String) async throws -> Item {
        let port = try #require(client.port)
        return try await SSEClient.withStream(port: port, token: token, timeout: EnrichmentTests.settleTimeout) { reader in
            let response = try await client.send(.post, "/v1/items/\(id)/refresh", token: token)
            #expect(response.status == .accepted)
            while true {
                let event = try EventsTests.itemEvent(try await reader.nextEvent())
                if event.itemId == id, let updated = event.item, updated.state != .pending { return updated }
            }
        }
    }

    /// An address on 127.0.0.1 where nothing listens (the fixture site, down).
    static func downSite() throws -> String {
        "http://127.0.0.1:\(try ClosedPort.make())/members/tides"
    }

    static func previews(on: Bool) -> (inout TestAppArguments) -> Void {
        { arguments in
            arguments.linkPreviews = on
            arguments.allowPrivateFetch = true
        }
    }

    @Test(arguments: [true, false])
    func aSnapshotShareBecomesASearchableCardWithoutTheSiteAnswering(previewsOn: Bool) async throws {
        try await TestServer.run(.live, configure: Self.previews(on: previewsOn)) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let url = try Self.downSite()
            let (shared, item) = try await Self.shareAndSettle(Self.snapshotShare(url, html: Self.rendered), client: client, token: token)

            #expect(shared.status == .queued, "the snapshot is read after the answer, not in the request")
            #expect(item.state == .ready, "a snapshot card does not fail because the site is down")
            #expect(item.preview?.title == "Members only")
            #expect(item.preview?.readableTextSource == "page_snapshot")
            #expect(item.preview?.failureReason == nil)
            #expect(item.source == .browserExtension)
            let detail = try client.decodeItem(try await client.item(item.id, token: token))
            let text = try #require(detail.preview?.readableText)
            #expect(text.contains("Barnacles close their plates when the tide goes out."))
            #expect(!text.contains("menu words"), "navigation is not readable text")
            #expect(!text.contains("scriptwords") && !text.contains("document.body"), "scripts are not text")
            for words in ["barnacles", "tide+plates", "tidal"] {
                let found = try await client.listItems(token: token, query: "q=\(words)")
                #expect(found.items.map(\.id) == [item.id], "search for \(words)")
            }
        }
    }

    @Test func refreshingASnapshotCardKeepsWhatThePersonSaw() async throws {
        try await TestServer.run(.live, configure: Self.previews(on: true)) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let (_, item) = try await Self.shareAndSettle(
                Self.snapshotShare(try Self.downSite(), html: Self.rendered), client: client, token: token
            )
            let refreshed = try await Self.refreshAndSettle(item.id, client: client, token: token)
            #expect(refreshed.state == .ready, "the site being down again does not fail the card")
            #expect(refreshed.preview?.failureReason == nil)
            #expect(refreshed.preview?.title == "Members only")
            let detail = try client.decodeItem(try await client.item(item.id, token: token))
            #expect(detail.preview?.readableText?.contains("Barnacles close their plates") == true)
            #expect(detail.preview?.readableTextSource == "page_snapshot")
            #expect(try await client.listItems(token: token, query: "q=barnacles").items.map(\.id) == [item.id])
        }
    }

    @Test func refreshingASnapshotCardKeepsThePassageThePersonSelected() async throws {
        try await EnrichmentTests.withPages { pages in
            try await TestServer.run(.live, configure: Self.previews(on: true)) { server, client in
                defer { server.gate.close() }
                let token = try await client.signIn("alice")
                var share = Self.snapshotShare("http://127.0.0.1:\(pages)/article", html: Self.rendered)
                share.page?.selection = "The valley floor still remembers the ice."
                let (_, item) = try await Self.shareAndSettle(share, client: client, token: token)
                #expect(item.preview?.description == "The valley floor still remembers the ice.")
                let refreshed = try await Self.refreshAndSettle(item.id, client: client, token: token)
                #expect(refreshed.state == .ready)
                #expect(
                    refreshed.preview?.description == "The valley floor still remembers the ice.",
                    "the site's own description (\"How glaciers carved valleys.\") does not replace the selection"
                )
                #expect(refreshed.preview?.siteName == "Example News", "the fetch still adds what the snapshot lacks")
            }
        }
    }

    @Test func theSnapshotsTextWinsAndTheFetchAddsWhatTheSnapshotLacks() async throws {
        try await EnrichmentTests.withPages { pages in
            try await TestServer.run(.live, configure: Self.previews(on: true)) { server, client in
                defer { server.gate.close() }
                let token = try await client.signIn("alice")
                let html = "<html><body><article><p>Paywalled paragraph only the reader saw.</p></article></body></html>"
                let (_, item) = try await Self.shareAndSettle(
                    Self.snapshotShare("http://127.0.0.1:\(pages)/article", html: html, title: "As the reader saw it"),
                    client: client, token: token
                )
                #expect(item.state == .ready)
                #expect(item.preview?.title == "As the reader saw it")
                #expect(item.preview?.siteName == "Example News", "the site name comes from the fetched page")
                #expect(item.preview?.imagePath == "/v1/items/\(item.id.uuidString)/link-image")
                let detail = try client.decodeItem(try await client.item(item.id, token: token))
                #expect(detail.preview?.readableText == "Paywalled paragraph only the reader saw.")
                #expect(detail.preview?.readableTextSource == "page_snapshot")
                let fetchedWords = try await client.listItems(token: token, query: "q=meltwater")
                #expect(fetchedWords.items.isEmpty, "the fetched page's text does not replace the snapshot's")
            }
        }
    }

    @Test func hostileSnapshotsAreReadAsTextNeverServedAsHTML() async throws {
        try await TestServer.run(.live, configure: Self.previews(on: false)) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let cases: [(html: String, expected: String, absent: [String])] = [
                // A charset the bytes are not in: the snapshot arrived as JSON, so it is Unicode.
                ("<html><head><meta charset=\"shift_jis\"></head><body><p>Café 日本語 naïve</p></body></html>",
                 "Café 日本語 naïve", []),
                ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=x-nonsense\"></head><body><p>Ünïcode survives</p></body></html>",
                 "Ünïcode survives", []),
                // Scripts, handlers and markup in text stay out of the card or are kept as text.
                ("<body><script>alert('x')</script><style>p{}</style><img src=x onerror=\"alert(2)\"><p>Plain &lt;b&gt;words&lt;/b&gt;</p><iframe src=\"javascript:alert(3)\"></iframe></body>",
                 "Plain <b>words</b>", ["alert", "onerror", "p{}"]),
                // Broken markup: unclosed tags, stray bytes, deep nesting.
                ("<div><div><p>Unclosed paragraph <b>bold <i>italic" + String(repeating: "<div>", count: 5_000) + "deep words",
                 "Unclosed paragraph", []),
            ]
            for (index, testCase) in cases.enumerated() {
                let url = "https://example.com/hostile/\(index)"
                let (_, item) = try await Self.shareAndSettle(Self.snapshotShare(url, html: testCase.html), client: client, token: token)
                let response = try await client.item(item.id, token: token)
                let detail = try client.decodeItem(response)
                let text = detail.preview?.readableText ?? ""
                #expect(text.contains(testCase.expected), "case \(index): \(text)")
                for word in testCase.absent { #expect(!text.contains(word), "case \(index) kept \(word)") }
                #expect(!response.text.contains("<script"), "case \(index): the item's JSON carries no markup")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
        }
    }

    @Test func aSnapshotAtTheSizeLimitIsReadAndItsTextCapped() async throws {
        try await TestServer.run(.live, configure: Self.previews(on: false)) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let paragraph = "<p>Sediment settles in layers over many thousands of quiet years.</p>"
            var html = "<html><body><article>"
            while html.utf8.count + paragraph.utf8.count + 24 <= Limits.maxPageSnapshotHTMLBytes { html += paragraph }
            html += "</article></body></html>"
            #expect(html.utf8.count <= Limits.maxPageSnapshotHTMLBytes)
            #expect(html.utf8.count > Limits.maxPageSnapshotHTMLBytes - paragraph.utf8.count - 24)
            let (_, item) = try await Self.shareAndSettle(Self.snapshotShare("https://example.com/long", html: html), client: client, token: token)
            #expect(item.state == .ready)
            let detail = try client.decodeItem(try await client.item(item.id, token: token))
            let text = try #require(detail.preview?.readableText)
            #expect(text.count <= Limits.maxReadableTextLength)
            #expect(text.count > Limits.maxReadableTextLength - paragraph.count, "capped, not dropped")
            #expect(text.hasPrefix("Sediment settles in layers"))
        }
    }

    @Test func aPlainTextSnapshotIsKeptAsItsText() async throws {
        try await TestServer.run(.live, configure: Self.previews(on: false)) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let (_, item) = try await Self.shareAndSettle(
                Self.snapshotShare("https://example.com/text", text: "Rendered text <not markup> kept.", title: "Text only"),
                client: client, token: token
            )
            let detail = try client.decodeItem(try await client.item(item.id, token: token))
            #expect(detail.preview?.readableText == "Rendered text <not markup> kept.")
            #expect(detail.preview?.title == "Text only")
        }
    }

    @Test func oversizedSnapshotsAreRefusedByFieldAndStoreNothing() async throws {
        try await TestServer.run(configure: Self.previews(on: false)) { _, client in
            let token = try await client.signIn("alice")
            let tooMuchHTML = String(repeating: "<p>é</p>", count: Limits.maxPageSnapshotHTMLBytes / 8)
            let refused = try await client.share(Self.snapshotShare("https://example.com/big", html: tooMuchHTML), token: token)
            _ = try expectError(refused, .badRequest, .invalidField, field: "page.html")

            let onText = ShareRequest(contentType: .text, text: "words", page: PageSnapshot(html: "<p>x</p>"))
            _ = try expectError(try await client.share(onText, token: token), .badRequest, .invalidField, field: "page")

            // Past the JSON body limit: 413 before anything is read.
            let body = try String(decoding: WallJSON.encoder().encode(Self.snapshotShare(
                "https://example.com/huge", text: String(repeating: "w", count: Limits.maxJSONBodyBytes)
            )), as: UTF8.self)
            _ = try expectError(try await client.send(.post, "/v1/share", token: token, body: body), .contentTooLarge, .tooLarge)

            #expect(try await client.listItems(token: token).items.isEmpty, "nothing was stored")
        }
    }

    @Test func aKnownLinkWithANewSnapshotIsMovedToTheTopAndReadAgain() async throws {
        try await TestServer.run(.live, configure: Self.previews(on: false)) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let url = "https://example.com/behind-a-wall"
            let (_, first) = try await Self.shareAndSettle(
                Self.snapshotShare(url, text: "Please sign in to continue."), client: client, token: token
            )
            let (again, second) = try await Self.shareAndSettle(
                Self.snapshotShare(url, text: "The article the reader signed in to see."), client: client, token: token
            )
            #expect(again.duplicate)
            #expect(again.status == .queued)
            #expect(second.id == first.id)
            #expect(second.state == .ready)
            let detail = try client.decodeItem(try await client.item(first.id, token: token))
            #expect(detail.preview?.readableText == "The article the reader signed in to see.")
            #expect(try await client.listItems(token: token, query: "q=signed+reader").items.map(\.id) == [first.id])
        }
    }

    @Test func theSameShareIDWithAnotherSnapshotIsAConflict() async throws {
        try await TestServer.run(configure: Self.previews(on: false)) { _, client in
            let token = try await client.signIn("alice")
            var first = Self.snapshotShare("https://example.com/same", html: "<p>one</p>")
            let created = try await client.share(first, token: token)
            #expect(created.status == .created)
            #expect(try await client.share(first, token: token).status == .ok, "the same share again is a replay")
            first.page?.html = "<p>two</p>"
            _ = try expectError(try await client.share(first, token: token), .conflict, .conflict)
        }
    }
}
