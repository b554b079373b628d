import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// The static files: versioned and cached, the service worker at the root, the manifest with
/// its share target, the browser extension's zip.
@Suite struct WebAssetsTests {
    @Test func versionedAssetsAreKeptAYearAndAnsweredNotModified() async throws {
        try await TestServer.run { _, client in
            let browser = WebBrowser(client)
            let page = try await browser.get("/signin")
            let href = try #require(WebWallPageTests.attribute("href", in: String(page.text.components(separatedBy: "rel=\"stylesheet\"")[1])))
            #expect(href.hasPrefix("/assets/app.css?v="))

            let css = try await client.execute(uri: href, method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(css.headers[.eTag])
            let again = try await client.execute(uri: href, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            let unversioned = try await client.execute(uri: "/assets/app.css", method: .get)
            #expect(unversioned.headers[.cacheControl] == "no-cache")
            #expect(try await client.execute(uri: "/assets/nope.js", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/assets/..%2FTemplates%2Flayout.mustache", method: .get).status == .notFound)
        }
    }

    @Test func serviceWorkerAndManifestAreAtTheRoot() async throws {
        try await TestServer.run { _, client in
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(String(buffer: worker.body).hasPrefix("const DWALL_VERSION = \""))
            #expect(worker.headers[.cacheControl] == "no-cache")

            let manifest = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.body.readableBytesView)) as? [String: Any])
            let target = try #require(json["share_target"] as? [String: Any])
            #expect(target["action"] as? String == "/share-target")
            #expect(target["method"] as? String == "POST")
            #expect(target["enctype"] as? String == "multipart/form-data")
            let files = (target["params"] as? [String: Any])?["files"] as? [[String: Any]]
            #expect(files?.first?["name"] as? String == "file", "shared files arrive as 'file' parts")
            #expect((json["icons"] as? [[String: Any]])?.contains { $0["sizes"] as? String == "512x512" } == true)

            let offline = try await client.execute(uri: "/offline", method: .get)
            #expect(offline.status == .ok)
            #expect(offline.headers[.contentSecurityPolicy] != nil)
        }
    }

    @Test func theExtensionsZipIsServedUnderItsVersionedNameToAnyone() async throws {
        try await TestServer.run { _, client in
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.extensionFolder.appendingPathComponent("manifest.json")))
            let version = try #require((manifest as? [String: Any])?["version"] as? String)
            let name = "digital-wall-extension-\(version).zip"
            let zip = try await client.execute(uri: "/downloads/\(name)", method: .get)
            #expect(zip.status == .ok)
            #expect(zip.headers[.contentType] == "application/zip")
            #expect(zip.headers[.contentDisposition] == "attachment; filename=\"\(name)\"")
            #expect(Array(zip.body.readableBytesView.prefix(4)) == [0x50, 0x4B, 0x03, 0x04], "a zip")
            #expect(zip.headers[.contentSecurityPolicy] != nil)
            let etag = try #require(zip.headers[.eTag])
            #expect(try await client.execute(uri: "/downloads/\(name)", method: .get, headers: [.ifNoneMatch: etag]).status == .notModified)
            #expect(try await client.execute(uri: "/downloads/digital-wall-extension-0.0.0.zip", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/downloads/..%2Fmanifest.json", method: .get).status == .notFound)
        }
    }

    static let extensionFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Extensions/browser")
}
