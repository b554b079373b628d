import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `POST /v1/import`: batches of entries, stored with their dates, checked one by one, once.
@Suite struct ImportTests {
    static let day: TimeInterval = 86_400

    static func entry(_ url: String, wall: String? = nil, daysAgo: Double = 100, tags: [String] = []) -> ImportEntry {
        let created = Date(timeIntervalSince1970: 1_700_000_000 - daysAgo * day)
        return ImportEntry(
            id: ImportEntry.derivedID(kind: .url, url: url, text: nil, wall: wall), contentType: .url, url: url,
            title: "Title of \(url)", userNote: "note", wall: wall, tags: tags, createdAt: created,
            updatedAt: created.addingTimeInterval(60)
        )
    }

    @Test func storesEntriesWithTheirDatesAndSaysWhatBecameOfEach() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let known = try await client.shareLink("https://known.example/", token: token)
            var bad = Self.entry("https://bad.example/")
            bad.url = "ftp://bad.example/"
            let text = ImportEntry(id: UUID(), contentType: .text, text: "A passage", createdAt: Date(timeIntervalSince1970: 1_600_000_000))
            let batch = ImportRequest(entries: [
                Self.entry("https://a.example/", daysAgo: 300, tags: ["Old"]),
                Self.entry("https://known.example/?utm_source=feed"),
                bad,
                Self.entry("https://b.example/", wall: "Read Later"),
                text,
                Self.entry("https://a.example/"),
            ], enrich: false)
            let response = try await client.send(.post, "/v1/import", token: token, json: batch)
            #expect(response.status == .ok, "\(response.text)")
            let answer = try response.decode(ImportResponse.self)
            #expect(answer.results.map(\.status) == [.imported, .duplicate, .skipped, .imported, .imported, .duplicate])
            #expect((answer.imported, answer.duplicates, answer.skipped) == (3, 2, 1))
            #expect(answer.results[1].itemId == known.item.id)
            #expect(answer.results[1].reason == "The link is already on that wall.")
            #expect(answer.results[2].field == "entries[2].url")
            #expect(answer.results[5].itemId == answer.results[0].itemId, "the same link twice in a file is stored once")

            let a = try await client.item(try #require(answer.results[0].itemId), token: token).decode(Item.self)
            #expect(a.id == batch.entries[0].id, "the entry id becomes the item id")
            #expect(a.createdAt == batch.entries[0].createdAt)
            #expect(a.updatedAt == batch.entries[0].updatedAt)
            #expect(a.tags == ["old"])
            #expect(a.source == .import)
            let wall = try await client.wall("read-later", token: token)
            #expect(wall.name == "Read Later")
            #expect(wall.itemCount == 1)

            // Later entries sit higher; a share made after the import goes above all of them.
            let later = try await client.shareLink("https://after.example/", token: token)
            let order = try await client.allItems(token: token).map(\.id)
            #expect(order == [later.item.id, text.id, batch.entries[3].id, batch.entries[0].id, known.item.id])
        }
    }

    @Test func theSameImportTwiceAddsNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let batch = ImportRequest(entries: (0..<50).map { Self.entry("https://site.example/\($0)", wall: $0 % 2 == 0 ? "Even" : nil) })
            let first = try await client.send(.post, "/v1/import", token: token, json: batch).decode(ImportResponse.self)
            #expect(first.imported == 50)
            let again = try await client.send(.post, "/v1/import", token: token, json: batch).decode(ImportResponse.self)
            #expect(again.imported == 0)
            #expect(again.duplicates == 50)
            #expect(again.results.allSatisfy { $0.reason == "Imported before." })
            #expect(again.results.map(\.itemId) == first.results.map(\.itemId))
            #expect(try await client.allItems(token: token).count == 50)
            let walls = try await client.send(.get, "/v1/walls", token: token).decode(WallList.self).walls
            #expect(walls.map(\.slug) == ["inbox", "even"], "the wall named by entries is made once")
        }
    }

    @Test func eachUserImportsIntoTheirOwnWalls() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let batch = ImportRequest(entries: [Self.entry("https://shared.example/")])
            let first = try await client.send(.post, "/v1/import", token: alice, json: batch).decode(ImportResponse.self)
            let second = try await client.send(.post, "/v1/import", token: bob, json: batch).decode(ImportResponse.self)
            #expect(first.imported == 1)
            #expect(second.imported == 1, "bob's import is not alice's")
            #expect(second.results[0].itemId != first.results[0].itemId, "an item id is never shared")
            #expect(try await client.allItems(token: bob).count == 1)
        }
    }

    @Test func refusals() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let entry = Self.entry("https://x.example/")
            try expectError(try await client.send(.post, "/v1/import", json: ImportRequest(entries: [entry])), .unauthorized, .unauthorized)
            let tooMany = ImportRequest(entries: Array(repeating: entry, count: Limits.maxImportBatchEntries + 1))
            try expectError(try await client.send(.post, "/v1/import", token: token, json: tooMany), .badRequest, .invalidField, field: "entries")
            let badWall = ImportRequest(walls: [ImportWall(slug: "Not A Slug", name: "X")], entries: [entry])
            try expectError(try await client.send(.post, "/v1/import", token: token, json: badWall), .badRequest, .invalidField, field: "walls[0].slug")
            try expectError(try await client.send(.post, "/v1/import", token: token, body: "{\"entries\": 3}"), .badRequest, .invalidField, field: "entries")
            try expectError(try await client.send(.post, "/v1/import", token: token, body: "x", contentType: "text/plain"), .unsupportedMediaType, .unsupportedMediaType)
            let huge = String(repeating: "a", count: Limits.maxImportBodyBytes + 1)
            try expectError(try await client.send(.post, "/v1/import", token: token, body: huge), .contentTooLarge, .tooLarge)
            #expect(try await client.allItems(token: token).isEmpty, "a refused batch stores nothing")
            let walls = try await client.send(.get, "/v1/walls", token: token).decode(WallList.self).walls
            #expect(walls.count == 1)
        }
    }
}
