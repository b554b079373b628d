import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `/v1/items`: paging, filters, privacy between users, edits and deletion.
@Suite struct ItemsTests {
    // MARK: Paging

    @Test func pagingVisitsEveryItemExactlyOnceNewestFirst() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            var shared: [UUID] = []
            for index in 0..<7 {
                shared.append(try await client.shareLink("https://example.com/page/\(index)", token: token).item.id)
            }

            var seen: [UUID] = []
            var pageSizes: [Int] = []
            var cursor: String?
            repeat {
                let page = try await client.listItems(token: token, query: "limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""))
                seen += page.items.map(\.id)
                pageSizes.append(page.items.count)
                cursor = page.nextCursor
            } while cursor != nil && pageSizes.count < 10

            #expect(pageSizes == [3, 3, 1])
            #expect(seen == shared.reversed())
        }
    }

    @Test func pageWithoutLimitHoldsTheDefaultSize() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try await client.shareLink("https://example.com/only", token: token)
            let page = try await client.listItems(token: token)
            #expect(page.items.count == 1)
            #expect(page.nextCursor == nil)
        }
    }

    @Test(arguments: ["0", "201", "abc", "-1", "1.5"])
    func badLimitIs400(_ limit: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(
                try await client.send(.get, "/v1/items?limit=\(limit)", token: token), .badRequest, .invalidField,
                field: "limit"
            )
        }
    }

    @Test("A search of few characters but many bytes is refused, on both stores alike", arguments: ["q", "tag"])
    func searchOfManyBytesIs400(_ name: String) async throws {
        // One character: an "a" carrying 600 combining marks, 1,201 bytes.
        let stacked = "a" + String(String.UnicodeScalarView((0..<600).map { Unicode.Scalar(0x300 + UInt32($0 % 0x70))! }))
        let encoded = try #require(stacked.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(
                try await client.send(.get, "/v1/items?\(name)=\(encoded)", token: token), .badRequest, .invalidField,
                field: name
            )
        }
    }

    @Test(arguments: ["zzz", "eDU", "ay0x", "not-a-cursor-at-all", String(repeating: "A", count: 100)])
    func badCursorIs400(_ cursor: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(
                try await client.send(.get, "/v1/items?cursor=\(cursor)", token: token), .badRequest, .invalidField,
                field: "cursor"
            )
        }
    }

    // MARK: Filters

    @Test func filtersByKindTagWallAndText() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.createWall("Reading", token: token)
            let swiftLink = try await client.shareLink(
                "https://example.com/sc", token: token, title: "Structured concurrency in Swift", tags: ["Swift"]
            )
            let rustLink = try await client.shareLink("https://example.com/rust", token: token, title: "Ownership", tags: ["rust"])
            let passage = try await client.shareText("Actors isolate state.", token: token, wall: "reading", tags: ["swift"])

            let texts = try await client.allItems(token: token, query: "kind=text")
            #expect(texts.map(\.id) == [passage.item.id])
            let links = try await client.allItems(token: token, query: "kind=url")
            #expect(Set(links.map(\.id)) == [swiftLink.item.id, rustLink.item.id])
            let tagged = try await client.allItems(token: token, query: "tag=SWIFT")
            #expect(Set(tagged.map(\.id)) == [swiftLink.item.id, passage.item.id])
            let onReading = try await client.allItems(token: token, query: "wall=reading")
            #expect(onReading.map(\.id) == [passage.item.id])
            let found = try await client.allItems(token: token, query: "q=concurr")
            #expect(found.map(\.id) == [swiftLink.item.id])
            let combined = try await client.allItems(token: token, query: "tag=swift&kind=url")
            #expect(combined.map(\.id) == [swiftLink.item.id])
            #expect(try await client.allItems(token: token, query: "q=nothing%20matches%20this").isEmpty)
        }
    }

    @Test func badFiltersAreRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(
                try await client.send(.get, "/v1/items?kind=video", token: token), .badRequest, .invalidField, field: "kind"
            )
            try expectError(
                try await client.send(.get, "/v1/items?wall=nowhere", token: token), .notFound, .notFound, field: "wall"
            )
        }
    }

    @Test func searchTextWithOperatorSyntaxIsSafe() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try await client.shareLink("https://example.com/q", token: token, title: "Quotes and stars")
            for query in ["%22", "*", "AND%20OR%20NOT", "%3A%22x", "%28%29", "NEAR%28a%20b%29"] {
                let response = try await client.send(.get, "/v1/items?q=\(query)", token: token)
                #expect(response.status == .ok, "q=\(query): \(response.text)")
            }
        }
    }

    // MARK: Privacy

    @Test func anotherUsersItemIsNotFoundForEveryVerb() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let item = try await client.shareLink("https://example.com/private", token: alice, title: "Mine").item

            try expectError(try await client.item(item.id, token: bob), .notFound, .notFound)
            try expectError(
                try await client.send(.patch, "/v1/items/\(item.id)", token: bob, body: #"{"title": "Stolen"}"#),
                .notFound, .notFound
            )
            try expectError(try await client.send(.delete, "/v1/items/\(item.id)", token: bob), .notFound, .notFound)

            #expect(try await client.item(item.id, token: alice).decode(Item.self) == item)
            #expect(try await client.allItems(token: bob).isEmpty)
            // Nor can Alice move her item onto Bob's wall
            let bobsWall = try await client.createWall("Bob's", token: bob)
            try expectError(
                try await client.send(.patch, "/v1/items/\(item.id)", token: alice, body: "{\"wall\": \"\(bobsWall.id)\"}"),
                .notFound, .notFound, field: "wall"
            )
            #expect(try await client.item(item.id, token: alice).decode(Item.self) == item)
        }
    }

    @Test(arguments: [UUID().uuidString, "not-a-uuid"])
    func unknownItemIs404(_ id: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(try await client.send(.get, "/v1/items/\(id)", token: token), .notFound, .notFound)
        }
    }

    // MARK: Editing

    @Test func patchNullClearsAFieldAndAbsentLeavesIt() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let item = try await client.shareLink(
                "https://example.com/edit", token: token, title: "Title", note: "Note", tags: ["one"]
            ).item

            let cleared = try await client.send(.patch, "/v1/items/\(item.id)", token: token, body: #"{"title": null}"#)

            #expect(cleared.status == .ok)
            let afterClear = try cleared.decode(Item.self)
            #expect(afterClear.title == nil)
            #expect(afterClear.userNote == "Note")
            #expect(afterClear.tags == ["one"])

            let retagged = try await client.send(
                .patch, "/v1/items/\(item.id)", token: token, body: #"{"tags": ["Two", "three"], "userNote": "New"}"#
            ).decode(Item.self)
            #expect(retagged.title == nil)
            #expect(retagged.userNote == "New")
            #expect(retagged.tags == ["two", "three"])
            #expect(try await client.item(item.id, token: token).decode(Item.self) == retagged)
        }
    }

    @Test func patchMovesAnItemToAnotherWall() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let reading = try await client.createWall("Reading", token: token)
            let item = try await client.shareLink("https://example.com/move", token: token).item

            let moved = try await client.send(.patch, "/v1/items/\(item.id)", token: token, body: #"{"wall": "reading"}"#)

            #expect(try moved.decode(Item.self).wallId == reading.id)
            #expect(try await client.allItems(token: token, query: "wall=reading").map(\.id) == [item.id])
        }
    }

    @Test(arguments: [
        (#"{"title": 5}"#, "title"),
        (#"{"wall": null}"#, "wall"),
        (#"{"tags": "x"}"#, "tags"),
        ("{\"title\": \"\(String(repeating: "t", count: Limits.maxTitleLength + 1))\"}", "title"),
    ])
    func badPatchIs400AndChangesNothing(_ body: String, _ field: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let item = try await client.shareLink("https://example.com/p", token: token, title: "Kept").item

            let response = try await client.send(.patch, "/v1/items/\(item.id)", token: token, body: body)

            try expectError(response, .badRequest, .invalidField, field: field)
            #expect(try await client.item(item.id, token: token).decode(Item.self) == item)
        }
    }

    @Test func deleteThenGetIs404() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let item = try await client.shareLink("https://example.com/gone", token: token).item

            let deleted = try await client.send(.delete, "/v1/items/\(item.id)", token: token)

            #expect(deleted.status == .noContent)
            try expectError(try await client.item(item.id, token: token), .notFound, .notFound)
            try expectError(try await client.send(.delete, "/v1/items/\(item.id)", token: token), .notFound, .notFound)
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }
}
