import Foundation
import Testing
import WallCore
import WallStore

/// `items(matching:)`: order, cursor paging, and the wall, kind, tag and full-text filters.
@Suite("Item listing")
struct ItemListingStoreTests {
    // MARK: Order and paging

    @Test("Items are listed newest first", arguments: StoreFactory.all)
    func newestFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            var ids: [UUID] = []
            for number in 1...5 {
                ids.append(try await store.save(linkShare("https://example.com/\(number)"), for: alice).item.id)
            }

            let page = try await store.items(matching: ItemQuery(), userID: alice.id)

            #expect(page.items.map(\.id) == ids.reversed())
            #expect(page.nextCursor == nil)
        }
    }

    @Test("Following nextCursor visits every item exactly once, in order", arguments: StoreFactory.all)
    func pagingVisitsEveryItemOnce(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            var ids: [UUID] = []
            for number in 1...7 {
                ids.append(try await store.save(linkShare("https://example.com/\(number)"), for: alice).item.id)
            }

            var pages: [[UUID]] = []
            var query = ItemQuery(limit: 3)
            while true {
                let page = try await store.items(matching: query, userID: alice.id)
                pages.append(page.items.map(\.id))
                guard let next = page.nextCursor else { break }
                query.cursor = try ItemCursor(encoded: next)
            }

            #expect(pages.map(\.count) == [3, 3, 1])
            #expect(pages.flatMap { $0 } == ids.reversed())
        }
    }

    @Test("A page that ends exactly at the last item has no next cursor", arguments: StoreFactory.all)
    func exactLastPageHasNoCursor(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            for number in 1...4 { try await store.save(linkShare("https://example.com/\(number)"), for: alice) }

            let first = try await store.items(matching: ItemQuery(limit: 2), userID: alice.id)
            let cursor = try ItemCursor(encoded: try #require(first.nextCursor))
            let second = try await store.items(matching: ItemQuery(cursor: cursor, limit: 2), userID: alice.id)

            #expect(first.items.count == 2)
            #expect(second.items.count == 2)
            #expect(second.nextCursor == nil)
            #expect(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
        }
    }

    @Test("Paging through a filtered listing keeps the filter", arguments: StoreFactory.all)
    func pagingKeepsFilters(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            var tagged: [UUID] = []
            for number in 1...9 {
                let tags = number.isMultiple(of: 2) ? ["even"] : ["odd"]
                let item = try await store.save(linkShare("https://example.com/\(number)", tags: tags), for: alice).item
                if number.isMultiple(of: 2) { tagged.append(item.id) }
            }

            let ids = try await store.itemIDs(ItemQuery(tag: "even", limit: 1), for: alice)

            #expect(ids == tagged.reversed())
        }
    }

    @Test("An empty wall lists nothing", arguments: StoreFactory.all)
    func emptyListing(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let page = try await store.items(matching: ItemQuery(), userID: alice.id)
            #expect(page.items.isEmpty)
            #expect(page.nextCursor == nil)
        }
    }

    @Test("A user lists only their own items", arguments: StoreFactory.all)
    func listingIsPerUser(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let alices = try await store.save(linkShare("https://example.com/a", tags: ["t"]), for: alice)
            try await store.save(linkShare("https://example.com/b", title: "alpha", tags: ["t"]), for: bob)

            #expect(try await store.itemIDs(for: alice) == [alices.item.id])
            #expect(try await store.itemIDs(ItemQuery(tag: "t"), for: alice) == [alices.item.id])
            #expect(try await store.search("alpha", for: alice).isEmpty)
        }
    }

    // MARK: Filters

    @Test("The wall filter takes a slug or an id", arguments: StoreFactory.all)
    func wallFilter(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let work = try await store.newWall("Work", for: alice)
            let inInbox = try await store.save(linkShare("https://example.com/1"), for: alice)
            let atWork1 = try await store.save(linkShare("https://example.com/2", wall: "work"), for: alice)
            let atWork2 = try await store.save(linkShare("https://example.com/3", wall: "work"), for: alice)

            let expected = [atWork2.item.id, atWork1.item.id]
            #expect(try await store.itemIDs(ItemQuery(wall: "work"), for: alice) == expected)
            #expect(try await store.itemIDs(ItemQuery(wall: work.id.uuidString), for: alice) == expected)
            #expect(try await store.itemIDs(ItemQuery(wall: "inbox"), for: alice) == [inInbox.item.id])
        }
    }

    @Test("A wall filter naming an unknown wall, or someone else's, is notFound", arguments: StoreFactory.all)
    func unknownWallFilter(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let bobsWall = try await store.newWall("Bobs", for: bob)

            await #expect(throws: StoreError.notFound("wall")) {
                try await store.items(matching: ItemQuery(wall: "nope"), userID: alice.id)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.items(matching: ItemQuery(wall: UUID().uuidString), userID: alice.id)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.items(matching: ItemQuery(wall: bobsWall.id.uuidString), userID: alice.id)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.items(matching: ItemQuery(wall: "bobs"), userID: alice.id)
            }
        }
    }

    @Test("The kind filter", arguments: StoreFactory.all)
    func kindFilter(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let link = try await store.save(linkShare("https://example.com/1"), for: alice)
            let text = try await store.save(textShare("a passage"), for: alice)
            let image = try await store.save(imageShare(), for: alice)

            #expect(try await store.itemIDs(ItemQuery(kind: .url), for: alice) == [link.item.id])
            #expect(try await store.itemIDs(ItemQuery(kind: .text), for: alice) == [text.item.id])
            #expect(try await store.itemIDs(ItemQuery(kind: .image), for: alice) == [image.item.id])
            #expect(try await store.itemIDs(ItemQuery(kind: .file), for: alice).isEmpty)
        }
    }

    @Test("The tag filter ignores case", arguments: StoreFactory.all)
    func tagFilter(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let swift = try await store.save(linkShare("https://example.com/1", tags: ["Swift", "server side"]), for: alice)
            let both = try await store.save(linkShare("https://example.com/2", tags: ["swift", "rust"]), for: alice)
            try await store.save(linkShare("https://example.com/3", tags: ["rust"]), for: alice)
            try await store.save(linkShare("https://example.com/4"), for: alice)

            #expect(try await store.itemIDs(ItemQuery(tag: "swift"), for: alice) == [both.item.id, swift.item.id])
            #expect(try await store.itemIDs(ItemQuery(tag: "SWIFT"), for: alice) == [both.item.id, swift.item.id])
            #expect(try await store.itemIDs(ItemQuery(tag: "Server Side"), for: alice) == [swift.item.id])
            #expect(try await store.itemIDs(ItemQuery(tag: "swi"), for: alice).isEmpty)
        }
    }

    @Test("Filters combine", arguments: StoreFactory.all)
    func filtersCombine(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            try await store.newWall("Work", for: alice)
            let match = try await store.save(
                linkShare("https://example.com/1", title: "Kubernetes notes", wall: "work", tags: ["ops"]), for: alice
            )
            try await store.save(linkShare("https://example.com/2", title: "Kubernetes notes", tags: ["ops"]), for: alice)
            try await store.save(linkShare("https://example.com/3", title: "Kubernetes notes", wall: "work"), for: alice)
            try await store.save(textShare("Kubernetes notes", wall: "work", tags: ["ops"]), for: alice)
            try await store.save(linkShare("https://example.com/5", title: "Terraform", wall: "work", tags: ["ops"]), for: alice)

            let query = ItemQuery(wall: "work", kind: .url, tag: "ops", search: try SearchExpression(parsing: "kube"))
            #expect(try await store.itemIDs(query, for: alice) == [match.item.id])
        }
    }

    // MARK: Full-text search

    @Test("A search word matches as a prefix, ignoring case", arguments: StoreFactory.all)
    func searchWordPrefix(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let hit = try await store.save(linkShare("https://example.com/1", title: "Concurrency in Swift"), for: alice)
            try await store.save(linkShare("https://example.com/2", title: "Swift generics"), for: alice)

            #expect(try await store.search("conc", for: alice) == [hit.item.id])
            #expect(try await store.search("CONCURRENCY", for: alice) == [hit.item.id])
            #expect(try await store.search("currency", for: alice).isEmpty)
        }
    }

    @Test("A quoted phrase matches those words together and in order", arguments: StoreFactory.all)
    func searchPhrase(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let hit = try await store.save(textShare("Notes on structured concurrency in practice."), for: alice)
            let reversed = try await store.save(textShare("Concurrency, when structured, is easier."), for: alice)

            #expect(try await store.search("\"structured concurrency\"", for: alice) == [hit.item.id])
            #expect(try await store.search("\"concurrency structured\"", for: alice).isEmpty)
            #expect(try await store.search("structured concurrency", for: alice) == [hit.item.id, reversed.item.id])
        }
    }

    @Test("Every search term must match", arguments: StoreFactory.all)
    func searchTermsAreANDed(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let both = try await store.save(linkShare("https://example.com/1", title: "Swift actors explained"), for: alice)
            try await store.save(linkShare("https://example.com/2", title: "Swift macros"), for: alice)
            try await store.save(linkShare("https://example.com/3", title: "Erlang actors"), for: alice)

            #expect(try await store.search("swift actors", for: alice) == [both.item.id])
            #expect(try await store.search("actors \"swift actors\"", for: alice) == [both.item.id])
            #expect(try await store.search("swift kotlin", for: alice).isEmpty)
        }
    }

    @Test("Search covers title, note, text, link and tags", arguments: StoreFactory.all)
    func searchFields(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let byTitle = try await store.save(linkShare("https://example.com/1", title: "Zebra crossing"), for: alice)
            let byNote = try await store.save(linkShare("https://example.com/2", note: "reminds me of marmalade"), for: alice)
            let byText = try await store.save(textShare("The quokka smiles."), for: alice)
            let byURL = try await store.save(linkShare("https://wombat.example.org/burrows"), for: alice)
            let byTag = try await store.save(linkShare("https://example.com/5", tags: ["platypus"]), for: alice)

            #expect(try await store.search("zebra", for: alice) == [byTitle.item.id])
            #expect(try await store.search("marmalade", for: alice) == [byNote.item.id])
            #expect(try await store.search("quokka", for: alice) == [byText.item.id])
            #expect(try await store.search("wombat", for: alice) == [byURL.item.id])
            #expect(try await store.search("burrows", for: alice) == [byURL.item.id])
            #expect(try await store.search("platypus", for: alice) == [byTag.item.id])
        }
    }

    @Test("Search ignores diacritics both ways", arguments: StoreFactory.all)
    func searchIgnoresDiacritics(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let accented = try await store.save(linkShare("https://example.com/1", title: "Le café crème"), for: alice)
            let plain = try await store.save(linkShare("https://example.com/2", title: "Naive resume tips"), for: alice)

            #expect(try await store.search("cafe", for: alice) == [accented.item.id])
            #expect(try await store.search("CAFÉ", for: alice) == [accented.item.id])
            #expect(try await store.search("\"cafe creme\"", for: alice) == [accented.item.id])
            #expect(try await store.search("naïve résumé", for: alice) == [plain.item.id])
        }
    }

    @Test("Search sees edits and merged shares", arguments: StoreFactory.all)
    func searchFollowsChanges(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let item = try await store.save(linkShare("https://example.com/1", title: "Old heading"), for: alice).item

            try await store.update(item.id, ItemPatch(title: .set("Fresh heading"), tags: .set(["gardening"])), for: alice)
            #expect(try await store.search("old", for: alice).isEmpty)
            #expect(try await store.search("fresh", for: alice) == [item.id])
            #expect(try await store.search("gardening", for: alice) == [item.id])

            try await store.save(linkShare("https://example.com/1", note: "tomatoes", tags: ["vegetables"]), for: alice)
            #expect(try await store.search("tomatoes", for: alice) == [item.id])
            #expect(try await store.search("vegetables", for: alice) == [item.id])
        }
    }

    @Test("Search input is never the index's operator syntax", arguments: StoreFactory.all)
    func searchInputIsSafe(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let hit = try await store.save(linkShare("https://example.com/1", title: "NEAR or AND not"), for: alice)
            try await store.save(linkShare("https://example.com/2", title: "Something else"), for: alice)

            for text in ["NEAR (near or)", "and OR not", "not * AND", "\"near", "near^ or* ('and')", "near :"] {
                let found = try await store.search(text, for: alice)
                #expect(found == [hit.item.id], "\(text)")
            }
        }
    }
}
