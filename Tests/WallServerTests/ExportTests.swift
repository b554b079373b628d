import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore
import WallImport
import WallStore

/// `GET /v1/export`, and the round trip: export → import into an empty server gives the same wall.
@Suite struct ExportTests {
    @Test func exportThenImportIntoAnEmptyServerReproducesTheWall() async throws {
        let exported = try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let reading = try await client.createWall("Reading list", token: token)
            _ = try await client.createWall("Ideas & plans", slug: "ideas", token: token)
            let first = try await client.shareLink("https://one.example/", token: token, title: "One", note: "first note", tags: ["a", "b c"])
            try await client.shareText("A passage \"quoted\" <b>", token: token, title: "Passage", wall: "ideas")
            try await client.shareLink("https://two.example/", token: token, wall: reading.slug)
            let patched = try await client.send(.patch, "/v1/items/\(first.item.id)", token: token, body: "{\"userNote\": \"edited\", \"tags\": [\"z\"]}")
            #expect(patched.status == .ok)
            // The same link again moves it to the top: the wall's order is not creation order.
            let again = ShareRequest(contentType: .url, url: "https://one.example/?utm_source=x", userNote: "more", source: .cli)
            #expect(try await client.share(again, token: token).status == .ok)
            let response = try await client.send(.get, "/v1/export", token: token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.header("Content-Disposition")?.hasPrefix("attachment; filename=\"digitalwall-") == true)
            let document = try response.decode(ExportDocument.self)
            let walls = try await client.send(.get, "/v1/walls", token: token).decode(WallList.self).walls
            let items = try await client.allItems(token: token)
            #expect(document.walls == walls)
            #expect(document.items == items.reversed(), "lowest on the wall first")
            return response.data
        }

        let parsed = try ImportFile.parse(exported)
        #expect(parsed.format == .digitalWallJSON)
        #expect(parsed.problems.isEmpty)
        let original = try WallJSON.decoder().decode(ExportDocument.self, from: exported)

        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let batch = ImportRequest(walls: parsed.walls, entries: parsed.entries.map(\.entry), enrich: false)
            let answer = try await client.send(.post, "/v1/import", token: token, json: batch).decode(ImportResponse.self)
            #expect(answer.imported == original.items.count, "\(answer.results)")
            let copy = try await client.send(.get, "/v1/export", token: token).decode(ExportDocument.self)

            let strip = { (walls: [Wall]) in walls.map { [$0.slug, $0.name, "\($0.position)", "\($0.isDefault)", "\($0.itemCount)"] } }
            #expect(strip(copy.walls) == strip(original.walls))
            let slugs = { (document: ExportDocument) in Dictionary(uniqueKeysWithValues: document.walls.map { ($0.id, $0.slug) }) }
            let originalSlugs = slugs(original), copySlugs = slugs(copy)
            #expect(copy.items.count == original.items.count)
            for (before, after) in zip(original.items, copy.items) {
                var expected = before
                expected.wallId = after.wallId
                #expect(after == expected)
                #expect(copySlugs[after.wallId] == originalSlugs[before.wallId])
            }

            // Importing the export again adds nothing.
            let again = try await client.send(.post, "/v1/import", token: token, json: batch).decode(ImportResponse.self)
            #expect(again.imported == 0)
            #expect(try await client.allItems(token: token).count == original.items.count)
        }
    }

    @Test func anExportedPreviewSaysNothingOfWhenThisServerAskedForIt() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let shared = try await client.shareLink("https://asked.example/", token: token)
            let owner = try await client.send(.get, "/v1/me", token: token).decode(Me.self).user.id
            var preview = LinkPreview(title: "Asked for")
            preview.requestedAt = Date()
            _ = try await server.withStore {
                try await $0.recordEnrichment(itemID: shared.item.id, userID: owner, state: .ready, preview: preview)
            }
            let exported = try await client.send(.get, "/v1/export", token: token)
            #expect(exported.text.contains("Asked for"))
            #expect(!exported.text.contains("requestedAt"), "not in the export's schema")
        }
    }

    @Test func bookmarkHTMLHoldsEveryLinkByWall() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let reading = try await client.createWall("Reading", token: token)
            try await client.shareLink("https://one.example/", token: token, title: "One <1>", tags: ["t"])
            try await client.shareLink("https://two.example/", token: token, wall: reading.slug)
            try await client.shareText("no link", token: token)
            let response = try await client.send(.get, "/v1/export?format=html", token: token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
            let parsed = try ImportFile.parse(response.data, options: ImportOptions(folders: .walls))
            let byURL = Dictionary(uniqueKeysWithValues: parsed.entries.map { ($0.entry.url ?? "", $0.entry) })
            #expect(byURL.count == 2)
            #expect(byURL["https://one.example/"]?.title == "One <1>")
            #expect(byURL["https://one.example/"]?.wall == "Inbox")
            #expect(byURL["https://one.example/"]?.tags == ["t"])
            #expect(byURL["https://two.example/"]?.wall == "Reading")
        }
    }

    @Test func refusals() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(try await client.send(.get, "/v1/export"), .unauthorized, .unauthorized)
            try expectError(try await client.send(.get, "/v1/export?format=xml", token: token), .badRequest, .invalidField, field: "format")
        }
    }
}
