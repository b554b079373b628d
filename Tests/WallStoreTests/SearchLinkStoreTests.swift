import Foundation
import Testing
import WallCore
import WallStore

/// Secret links to smart walls on both stores: the search's owner alone makes, lists and revokes
/// them; a secret shows what the search matches on the owner's own walls, never on a wall someone
/// else shared with them; a revoked link or a deleted search opens nothing.
@Suite("Secret links to smart walls")
struct SearchLinkStoreTests {
    /// Alice's walls "Trip" and "Diary", Bob's wall "Atlas" shared with Alice, and Alice's smart
    /// wall "Maps" (`tag:maps`).
    private struct Setting {
        var alice: User
        var bob: User
        var trip: Wall
        var diary: Wall
        var atlas: Wall
        var maps: SavedSearch
    }

    private func setting(_ store: any WallStore) async throws -> Setting {
        let alice = try await store.newUser("alice")
        let bob = try await store.newUser("bob")
        let trip = try await store.newWall("Trip", for: alice)
        let diary = try await store.newWall("Diary", for: alice)
        let atlas = try await store.newWall("Atlas", for: bob)
        _ = try await store.setMember(wallID: atlas.id, username: "alice", role: .viewer, userID: bob.id)
        let maps = try await store.createSavedSearch(
            try SavedSearchRequest(name: "Maps", query: "tag:maps").validatedForCreating(), userID: alice.id
        )
        return Setting(alice: alice, bob: bob, trip: trip, diary: diary, atlas: atlas, maps: maps)
    }

    @Test("A smart wall's link shows its matches on the owner's own walls, newest first, and nothing else",
          arguments: StoreFactory.all)
    func linkShowsOwnMatchesOnly(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            let link = try await store.createSearchLink(
                searchID: s.maps.id, secretHash: "hash-maps", indexable: false, userID: s.alice.id
            )
            let onTrip = try await store.save(linkShare("https://example.com/a", wall: "trip", tags: ["maps"]), for: s.alice)
            let onDiary = try await store.save(textShare("Old map", wall: "diary", tags: ["Maps"]), for: s.alice)
            let untagged = try await store.save(textShare("No tag", wall: "diary"), for: s.alice)
            let bobs = try await store.save(
                linkShare("https://example.com/b", wall: s.atlas.id.uuidString, tags: ["maps"]), for: s.bob
            )
            // Alice herself finds Bob's card by the search; the link must not.
            var own = ItemQuery(search: s.maps.expression)
            own.limit = 50
            #expect(try await store.items(matching: own, userID: s.alice.id).items.contains { $0.id == bobs.item.id })

            let opened = try #require(try await store.linkedWall(secretHash: "hash-maps"))
            #expect(opened.linkID == link.id)
            #expect(opened.name == "Maps")
            #expect(opened.isSmartWall)
            let page = try #require(try await store.linkedItems(secretHash: "hash-maps", query: ItemQuery(limit: 1)))
            #expect(page.items.map(\.id) == [onDiary.item.id])
            let cursor = try #require(page.nextCursor)
            let rest = try #require(try await store.linkedItems(
                secretHash: "hash-maps", query: ItemQuery(cursor: ItemCursor(encoded: cursor))
            ))
            #expect(rest.items.map(\.id) == [onTrip.item.id])
            // A visitor's own search or wall can't widen what the link shows.
            let widened = try #require(try await store.linkedItems(
                secretHash: "hash-maps", query: ItemQuery(wall: s.atlas.id.uuidString, search: try SearchExpression(parsing: "map"))
            ))
            #expect(Set(widened.items.map(\.id)) == [onTrip.item.id, onDiary.item.id])
            #expect(try await store.linkedItem(id: onTrip.item.id, secretHash: "hash-maps")?.id == onTrip.item.id)
            #expect(try await store.linkedItem(id: untagged.item.id, secretHash: "hash-maps") == nil)
            #expect(try await store.linkedItem(id: bobs.item.id, secretHash: "hash-maps") == nil)
        }
    }

    @Test("Only the search's owner makes, lists and revokes its links; revoking and deleting close them at once",
          arguments: StoreFactory.all)
    func ownerManagesLinks(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            await #expect(throws: StoreError.notFound("search")) {
                try await store.createSearchLink(searchID: s.maps.id, secretHash: "hash-bob", indexable: false, userID: s.bob.id)
            }
            await #expect(throws: StoreError.notFound("search")) {
                try await store.searchLinks(searchID: s.maps.id, userID: s.bob.id)
            }
            let first = try await store.createSearchLink(
                searchID: s.maps.id, secretHash: "hash-1", indexable: true, userID: s.alice.id
            )
            let second = try await store.createSearchLink(
                searchID: s.maps.id, secretHash: "hash-2", indexable: false, userID: s.alice.id
            )
            #expect(first.searchId == s.maps.id && first.indexable && first.url == nil)
            #expect(try await store.searchLinks(searchID: s.maps.id, userID: s.alice.id) == [second, first])
            await #expect(throws: StoreError.notFound("search")) {
                try await store.revokeSearchLink(id: first.id, searchID: s.maps.id, userID: s.bob.id)
            }
            #expect(try await store.linkedWall(secretHash: "hash-1") != nil)

            #expect(try await store.revokeSearchLink(id: first.id, searchID: s.maps.id, userID: s.alice.id))
            #expect(try await store.revokeSearchLink(id: first.id, searchID: s.maps.id, userID: s.alice.id) == false)
            #expect(try await store.linkedWall(secretHash: "hash-1") == nil)
            #expect(try await store.linkedItems(secretHash: "hash-1", query: ItemQuery()) == nil)
            #expect(try await store.linkedWall(secretHash: "hash-2") != nil)

            #expect(try await store.deleteSavedSearch(id: s.maps.id, userID: s.alice.id))
            #expect(try await store.linkedWall(secretHash: "hash-2") == nil)
            #expect(try await store.linkedItems(secretHash: "hash-2", query: ItemQuery()) == nil)
        }
    }

    @Test("A smart wall has at most the links a wall may have", arguments: StoreFactory.all)
    func linksAreCapped(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            for index in 0..<Limits.maxLinksPerWall {
                _ = try await store.createSearchLink(
                    searchID: s.maps.id, secretHash: "hash-\(index)", indexable: false, userID: s.alice.id
                )
            }
            await #expect(throws: StoreError.self) {
                try await store.createSearchLink(searchID: s.maps.id, secretHash: "hash-over", indexable: false, userID: s.alice.id)
            }
            #expect(try await store.linkedWall(secretHash: "hash-over") == nil)
        }
    }
}
