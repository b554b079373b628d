import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WallCore
import WallServer

/// Link previews end to end: a share answers at once as `queued`, the `enrich` job fetches the
/// page from a real web server on 127.0.0.1, and the card's preview (or its failure) arrives as
/// an `item.updated` event; search then finds the page's words; refresh fetches it again.
@Suite struct EnrichmentTests {
    static let article = """
        <html><head><title>Fallback</title><meta property="og:title" content="Rivers of the North">
        <meta property="og:site_name" content="Example News"><meta property="og:image" content="/image.png">
        <link rel="icon" href="/not-an-image.png"><meta name="description" content="How glaciers carved valleys.">
        </head><body><nav>menu words</nav><article><p>Meltwater found the lowest paths to the sea.</p></article></body></html>
        """

    /// Runs `body` with the port of a web server serving the fixture pages.
    static func withPages<Value: Sendable>(_ body: @escaping @Sendable (Int) async throws -> Value) async throws -> Value {
        let router = Router()
        router.get("article") { _, _ in html(article) }
        router.get("missing") { _, _ in Response(status: .notFound) }
        router.get("image.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.get("not-an-image.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(string: "<script>")))
        }
        router.get("second") { _, _ in html("<title>Second version</title><p>Changed words here.</p>") }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in try await body(try #require(client.port)) }
    }

    /// A 1×1 PNG.
    static let png: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!)

    static func html(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// How long a test waits for a card to settle: a fetch that times out once on a loaded
    /// machine (the whole suite runs at once), the job's backoff, and a second fetch.
    static let settleTimeout = Limits.fetchTimeout * 2 + Limits.jobBackoffBase + .seconds(10)

    /// Shares `url` and returns the first `item.updated` event of that item that is no longer pending.
    static func shareAndAwait(
        _ url: String, client: some TestClientProtocol, token: String, port: Int
    ) async throws -> (shared: ShareResponse, settled: Item) {
        try await SSEClient.withStream(port: port, token: token, timeout: settleTimeout) { reader in
            let shared = try await client.shareLink(url, token: token)
            while true {
                let event = try EventsTests.itemEvent(try await reader.nextEvent())
                if event.itemId == shared.item.id, event.type == .updated, let item = event.item, item.state != .pending {
                    return (shared, item)
                }
            }
        }
    }

    static func configure(allowPrivate: Bool) -> (inout TestAppArguments) -> Void {
        { arguments in
            arguments.linkPreviews = true
            arguments.allowPrivateFetch = allowPrivate
        }
    }

    @Test func aSharedLinkBecomesACardWithItsPagesPreviewAndIsFoundByItsWords() async throws {
        try await Self.withPages { pages in
            try await TestServer.run(.live, users: ["alice", "bob"], configure: Self.configure(allowPrivate: true)) { server, client in
                defer { server.gate.close() }
                let token = try await client.signIn("alice")
                let port = try #require(client.port)
                let (shared, item) = try await Self.shareAndAwait(
                    "http://127.0.0.1:\(pages)/article", client: client, token: token, port: port
                )
                #expect(shared.status == .queued)
                #expect(shared.item.state == .pending)
                #expect(item.state == .ready)
                #expect(item.preview?.title == "Rivers of the North")
                #expect(item.preview?.siteName == "Example News")
                #expect(item.preview?.description == "How glaciers carved valleys.")
                #expect(item.preview?.readableText == nil, "lists and events leave the readable text out")

                let detail = try client.decodeItem(try await client.item(item.id, token: token))
                #expect(detail.preview?.readableText == "Meltwater found the lowest paths to the sea.")
                for words in ["meltwater", "glaciers", "example news", "rivers north"] {
                    let found = try await client.listItems(token: token, query: "q=\(words.replacingOccurrences(of: " ", with: "+"))")
                    #expect(found.items.map(\.id) == [item.id], "search for \(words)")
                }
                let menu = try await client.listItems(token: token, query: "q=menu")
                #expect(menu.items.isEmpty, "navigation is not readable text")

                // The picture is served from our own route; the icon that was not an image
                // (and the /favicon.ico fallback, absent) were left out.
                #expect(item.preview?.imagePath == "/v1/items/\(item.id.uuidString)/link-image")
                #expect(item.preview?.iconPath == nil)
                let picture = try await client.send(.get, try #require(item.preview?.imagePath), token: token)
                #expect(picture.status == .ok)
                #expect(picture.headers[.contentType] == "image/png")
                #expect(picture.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
                #expect(Array(picture.body.readableBytesView) == Self.png)
                let etag = try #require(picture.headers[.eTag])
                let again = try await client.send(
                    .get, try #require(item.preview?.imagePath), token: token, headers: [.ifNoneMatch: "\"old\", W/\(etag)"]
                )
                #expect(again.status == .notModified, "a browser's list of tags, weak or not, names the picture")
                _ = try expectError(try await client.send(.get, "/v1/items/\(item.id)/icon", token: token), .notFound, .notFound)
                let bob = try await client.signIn("bob")
                _ = try expectError(try await client.send(.get, "/v1/items/\(item.id)/link-image", token: bob), .notFound, .notFound)
            }
        }
    }

    @Test func aFailedFetchSaysWhyAndRefreshFetchesAgain() async throws {
        try await Self.withPages { pages in
            try await TestServer.run(.live, configure: Self.configure(allowPrivate: true)) { server, client in
                defer { server.gate.close() }
                let token = try await client.signIn("alice")
                let port = try #require(client.port)
                let (_, failed) = try await Self.shareAndAwait(
                    "http://127.0.0.1:\(pages)/missing", client: client, token: token, port: port
                )
                #expect(failed.state == .failed)
                #expect(failed.preview?.failureReason == "the site answered 404")

                let refreshed = try await SSEClient.withStream(port: port, token: token, timeout: Self.settleTimeout) { reader in
                    let response = try await client.send(.post, "/v1/items/\(failed.id)/refresh", token: token)
                    #expect(response.status == .accepted)
                    #expect(try client.decodeItem(response).state == .pending)
                    var states: [ItemState] = []
                    while true {
                        let event = try EventsTests.itemEvent(try await reader.nextEvent())
                        guard event.itemId == failed.id, let item = event.item else { continue }
                        states.append(item.state)
                        if item.state != .pending { return (states, item) }
                    }
                }
                #expect(refreshed.0 == [.pending, .failed], "refresh announces pending, then the new outcome")
            }
        }
    }

    @Test func refreshRefusesTextAndUnknownItems() async throws {
        try await TestServer.run(configure: Self.configure(allowPrivate: false)) { _, client in
            let token = try await client.signIn("alice")
            let text = try await client.shareText("A passage", token: token)
            #expect(text.item.state == .ready, "only links wait for enrichment")
            _ = try expectError(try await client.send(.post, "/v1/items/\(text.item.id)/refresh", token: token), .conflict, .conflict)
            _ = try expectError(try await client.send(.post, "/v1/items/\(UUID())/refresh", token: token), .notFound, .notFound)
            _ = try expectError(try await client.send(.post, "/v1/items/\(text.item.id)/refresh"), .unauthorized, .unauthorized)
        }
    }

    @Test func privateAddressesAreRefusedByDefault() async throws {
        #expect(TestAppArguments().allowPrivateFetch == false)
        try await Self.withPages { pages in
            try await TestServer.run(.live, configure: Self.configure(allowPrivate: false)) { server, client in
                defer { server.gate.close() }
                let token = try await client.signIn("alice")
                let port = try #require(client.port)
                let (_, item) = try await Self.shareAndAwait(
                    "http://127.0.0.1:\(pages)/article", client: client, token: token, port: port
                )
                #expect(item.state == .failed)
                #expect(item.preview?.failureReason == "refused to fetch 127.0.0.1: it is a loopback address (127.0.0.0/8) (127.0.0.1)")
                #expect(item.preview?.title == nil)
            }
        }
    }
}

extension TestClientProtocol {
    func decodeItem(_ response: TestResponse) throws -> Item { try response.decode(Item.self) }
}
