import CompressNIO
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// HEAD on every GET route (the router answers it: the GET's status and headers, no body), and
/// gzip for text responses when asked for, never for the event stream, pictures or files.
@Suite struct HeadAndCompressionTests {
    @Test func headAnswersEveryGetRouteWithTheGetsStatusAndHeadersAndNoBody() async throws {
        try await TestServer.run(.live) { _, client in
            let token = try await client.signIn("alice")
            let item = try await client.shareLink("https://example.com/head", token: token, title: "Heads up").item
            let picture = try await client.shareFiles([("p.png", try TestFiles.png())], token: token).item
            _ = try await client.processedItem(picture.id, token: token)
            let browser = WebBrowser(client)
            try await browser.signIn()
            let saved = try await client.send(.post, "/v1/searches", token: token, json: SavedSearchRequest(name: "Heads", query: "heads"))
            #expect(saved.status == .created)
            let ids = ["{id}": item.id.uuidString, "picture": picture.id.uuidString, "search": "heads"]
            let paths = try Self.getPaths(ids: ids)
            #expect(paths.count >= 28, "the contract's GET paths and the pages: \(paths)")
            for path in paths where path != "/v1/events" {
                let headers: HTTPFields = path.hasPrefix("/v1/") && !path.hasPrefix("/v1/auth") ? [.authorization: "Bearer \(token)"] : [:]
                let get = try await browser.send(.get, path, headers: headers, body: nil)
                let head = try await browser.send(.head, path, headers: headers, body: nil)
                #expect(get.status != .notFound || ["/link-image", "/icon", "/setup"].contains { path.hasSuffix($0) }, "GET \(path)")
                #expect(head.status == get.status, "HEAD \(path)")
                #expect(head.body.readableBytes == 0, "HEAD \(path) has no body")
                #expect(Self.comparable(head.headers, path) == Self.comparable(get.headers, path), "HEAD \(path)")
            }
            let events = try await browser.send(.head, "/v1/events", headers: [.authorization: "Bearer \(token)"], body: nil)
            #expect(events.status == .ok)
            #expect(events.headers[.contentType] == "text/event-stream; charset=utf-8")
            #expect(try await client.execute(uri: "/nowhere", method: .head).status == .notFound)
        }
    }

    @Test func textIsGzippedWhenAskedForAndSaysItVaries() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let token = try await client.signIn("alice")
            for n in 0..<12 { try await client.shareLink("https://example.com/gzip/\(n)", token: token, title: "Compressed \(n)") }
            let page = try await browser.get("/")
            let script = try #require(page.text.firstMatch(of: /src="(\/assets\/app\.js\?v=[0-9a-f]+)"/)?.1)
            for path in ["/", "/settings", String(script), "/sw.js", "/v1/items"] {
                let headers: HTTPFields = path == "/v1/items" ? [.authorization: "Bearer \(token)"] : [:]
                let plain = try await browser.get(path, headers: headers)
                var asking = headers
                asking[.acceptEncoding] = "gzip, deflate, br"
                let zipped = try await browser.get(path, headers: asking)
                #expect(plain.headers[.contentEncoding] == nil, "\(path) without Accept-Encoding")
                #expect(zipped.headers[.contentEncoding] == "gzip", "\(path)")
                #expect(zipped.headers[values: .vary].contains("Accept-Encoding") && plain.headers[values: .vary].contains("Accept-Encoding"))
                #expect(zipped.headers[.contentLength] == String(zipped.body.readableBytes))
                #expect(zipped.body.readableBytes < plain.body.readableBytes, "\(path)")
                var body = zipped.body
                let unzipped = try body.decompress(with: .gzip(), maxSize: 10_000_000)
                if path == "/" {   // the share box's id differs per render; the rest is the same page
                    #expect(unzipped.readableBytes == plain.body.readableBytes)
                } else if path != "/v1/items" {
                    // The settings page shows when the token was last used, which the server
                    // writes every 30 s: a write between two renders changes the page. The pair
                    // is compared once a plain render after the compressed one matches the one
                    // before it (nothing changed in between).
                    var (before, inflated) = (plain.body, unzipped)
                    for _ in 0..<3 {
                        let after = try await browser.get(path, headers: headers).body
                        if after == before { break }
                        before = after
                        var again = try await browser.get(path, headers: asking).body
                        inflated = try again.decompress(with: .gzip(), maxSize: 10_000_000)
                    }
                    #expect(inflated == before, "\(path)")
                }
            }
            let refused = try await browser.get("/settings", headers: [.acceptEncoding: "gzip;q=0, identity"])
            #expect(refused.headers[.contentEncoding] == nil)
        }
    }

    @Test func theEventStreamPicturesFilesAndSmallBodiesAreNeverCompressed() async throws {
        try await TestServer.run(.live) { _, client in
            let token = try await client.signIn("alice")
            let picture = try await client.shareFiles([("p.png", try TestFiles.png())], token: token).item
            _ = try await client.processedItem(picture.id, token: token)
            let gzip: HTTPFields = [.acceptEncoding: "gzip", .authorization: "Bearer \(token)"]
            let stream = try await client.execute(uri: "/v1/events", method: .head, headers: gzip)
            #expect(stream.headers[.contentEncoding] == nil)
            for rendition in ["thumbnail", "preview", "file"] {
                let file = try await client.execute(uri: "/v1/items/\(picture.id)/\(rendition)", method: .get, headers: gzip)
                #expect(file.status == .ok)
                #expect(file.headers[.contentEncoding] == nil, "\(rendition)")
            }
            let small = try await client.execute(uri: "/healthz", method: .get, headers: gzip)
            #expect(small.headers[.contentEncoding] == nil)
            #expect(small.body.readableBytes < Limits.minCompressedBodyBytes)
        }
    }

    @Test func staticFilesAreCompressedOnceWithTheirOwnValidator() async throws {
        try await TestServer.run { _, client in
            let page = try await client.execute(uri: "/signin", method: .get)
            let href = try #require(String(buffer: page.body).firstMatch(of: /href="(\/assets\/app\.css\?v=[0-9a-f]+)"/)?.1)
            let plain = try await client.execute(uri: String(href), method: .get)
            let zipped = try await client.execute(uri: String(href), method: .get, headers: [.acceptEncoding: "gzip"])
            let plainTag = try #require(plain.headers[.eTag])
            let zippedTag = try #require(zipped.headers[.eTag])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(plainTag != zippedTag, "each encoding has its own validator")
            let again = try await client.execute(uri: String(href), method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: zippedTag])
            #expect(again.status == .notModified)
            let worker = try await client.execute(uri: "/sw.js", method: .get, headers: [.acceptEncoding: "gzip"])
            let workerTag = try #require(worker.headers[.eTag])
            let unchanged = try await client.execute(uri: "/sw.js", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: workerTag])
            #expect(unchanged.status == .notModified, "the worker's update check costs a 304")
            let icon = try await client.execute(uri: "/assets/icon-192.png", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(icon.headers[.contentEncoding] == nil)
        }
    }

    @Test func theWallAnswersNotModifiedWhileNothingChanges() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            try await browser.signIn()
            let token = try await client.signIn("alice")
            try await client.shareLink("https://example.com/etag/1", token: token, title: "First")
            let first = try await browser.get("/")
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("W/\""))
            let same = try await browser.get("/", headers: [.ifNoneMatch: etag])
            #expect(same.status == .notModified)
            #expect(same.body.readableBytes == 0)
            try await client.shareLink("https://example.com/etag/2", token: token, title: "Second")
            let changed = try await browser.get("/", headers: [.ifNoneMatch: etag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            #expect(changed.text.contains("Second"))
        }
    }

    // MARK: Helpers

    /// Every GET path of openapi.yaml (ids filled in from `ids`: `{id}` the link, `picture` the
    /// image for the file routes, `search` a saved search's slug) and every page and static file
    /// of the web wall.
    static func getPaths(ids: [String: String]) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let spec = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        var paths: [String] = []
        var current: String?
        for line in spec.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") { current = String(line.dropFirst(2).dropLast()) }
            if line == "    get:", let path = current {
                let fileRoute = ["/file", "/thumbnail", "/preview"].contains { path.hasSuffix($0) }
                let id = path.hasPrefix("/v1/walls/") ? "inbox"
                    : path.hasPrefix("/v1/searches/") ? ids["search"]! : fileRoute ? ids["picture"]! : ids["{id}"]!
                paths.append(path.replacingOccurrences(of: "{id}", with: id))
            }
            if !line.hasPrefix(" ") && !line.isEmpty && line != "paths:" { current = nil }
        }
        let item = ids["{id}"]!
        return paths + [
            "/", "/w/inbox", "/w/inbox?q=heads", "/items/\(item)", "/settings", "/signin", "/share?url=https://example.com", "/setup",
            "/fragments/cards?wall=inbox", "/fragments/cards/\(item)", "/assets/app.css", "/sw.js",
            "/manifest.webmanifest", "/offline",
        ]
    }

    /// The headers that must agree between GET and HEAD (those that change per request aside).
    static func comparable(_ headers: HTTPFields, _ path: String) -> [String: String] {
        var kept: [String: String] = [:]
        for field in headers where !["date", "x-request-id", "set-cookie"].contains(field.name.canonicalName) {
            // The counters move between the two, and a token's last use is flushed to the store on a
            // timer, so its listing may gain a `lastUsedAt` between the GET and the HEAD.
            if ["/metrics", "/v1/tokens"].contains(path), field.name == .contentLength { continue }
            kept[field.name.canonicalName, default: ""] += field.value + ";"
        }
        return kept
    }
}
