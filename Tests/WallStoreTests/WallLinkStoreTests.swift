import Foundation
import Testing
import WallCore
import WallStore

/// Secret links on both stores: only the owner makes, lists and revokes them, a secret opens its
/// own wall and nothing else, and a revoked or deleted one opens nothing.
@Suite("Secret links")
struct WallLinkStoreTests {
    /// Alice's walls "Trip" (shared with Bob as an editor) and "Diary", and a stranger, Carol.
    private struct Setting {
        var alice: User
        var bob: User
        var carol: User
        var trip: Wall
        var diary: Wall
    }

    private func setting(_ store: any WallStore) async throws -> Setting {
        let alice = try await store.newUser("alice")
        let bob = try await store.newUser("bob")
        let carol = try await store.newUser("carol")
        let trip = try await store.newWall("Trip", for: alice)
        let diary = try await store.newWall("Diary", for: alice)
        _ = try await store.setMember(wallID: trip.id, username: "bob", role: .editor, userID: alice.id)
        return Setting(alice: alice, bob: bob, carol: carol, trip: trip, diary: diary)
    }

    @Test("The owner makes a link, sees it listed without its secret, and the secret opens the wall",
          arguments: StoreFactory.all)
    func ownerMakesLink(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            let link = try await store.createWallLink(
                wallID: s.trip.id, secretHash: "hash-1", indexable: true, userID: s.alice.id
            )

            #expect(link.wallId == s.trip.id)
            #expect(link.indexable)
            #expect(link.createdBy == "alice")
            #expect(link.url == nil)
            #expect(try await store.wallLinks(wallID: s.trip.id, userID: s.alice.id) == [link])
            let opened = try #require(try await store.linkedWall(secretHash: "hash-1"))
            #expect(opened.linkID == link.id)
            #expect(!opened.isSmartWall)
            #expect(opened.name == "Trip")
            #expect(opened.indexable)
            #expect(try await store.linkedWall(secretHash: "hash-2") == nil)
        }
    }

    @Test("A member may not make, list or revoke links (forbidden); a stranger finds no wall",
          arguments: StoreFactory.all)
    func onlyTheOwnerManagesLinks(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            let link = try await store.createWallLink(
                wallID: s.trip.id, secretHash: "hash-1", indexable: false, userID: s.alice.id
            )

            #expect(await isForbidden {
                _ = try await store.createWallLink(wallID: s.trip.id, secretHash: "hash-b", indexable: false, userID: s.bob.id)
            })
            #expect(await isForbidden { _ = try await store.wallLinks(wallID: s.trip.id, userID: s.bob.id) })
            #expect(await isForbidden {
                _ = try await store.revokeWallLink(id: link.id, wallID: s.trip.id, userID: s.bob.id)
            })
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.createWallLink(wallID: s.trip.id, secretHash: "hash-c", indexable: false, userID: s.carol.id)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.wallLinks(wallID: s.trip.id, userID: s.carol.id)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.revokeWallLink(id: link.id, wallID: s.trip.id, userID: s.carol.id)
            }
            // Nothing changed on a refusal.
            #expect(try await store.wallLinks(wallID: s.trip.id, userID: s.alice.id).map(\.id) == [link.id])
            #expect(try await store.linkedWall(secretHash: "hash-b") == nil)
            #expect(try await store.linkedWall(secretHash: "hash-1") != nil)
        }
    }

    @Test("A secret shows its own wall's items, newest first and paged, and no item of another wall",
          arguments: StoreFactory.all)
    func linkShowsItsWallOnly(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            _ = try await store.createWallLink(wallID: s.trip.id, secretHash: "hash-1", indexable: false, userID: s.alice.id)
            let first = try await store.save(linkShare("https://example.com/1", wall: "trip"), for: s.alice)
            let second = try await store.save(
                textShare("Bring the maps", wall: s.trip.id.uuidString), for: s.bob
            )
            let third = try await store.save(linkShare("https://example.com/3", wall: "trip"), for: s.alice)
            let secret = try await store.save(linkShare("https://example.com/diary", wall: "diary"), for: s.alice)
            let inbox = try await store.save(textShare("Inbox note"), for: s.alice)

            let page = try #require(try await store.linkedItems(secretHash: "hash-1", query: ItemQuery(limit: 2)))
            #expect(page.items.map(\.id) == [third.item.id, second.item.id])
            #expect(page.items.allSatisfy { $0.addedBy == nil })
            let cursor = try #require(page.nextCursor)
            let rest = try #require(try await store.linkedItems(
                secretHash: "hash-1", query: ItemQuery(cursor: ItemCursor(encoded: cursor), limit: 2)
            ))
            #expect(rest.items.map(\.id) == [first.item.id])
            // The query's own wall is ignored: a link shows its wall alone.
            let other = try #require(try await store.linkedItems(
                secretHash: "hash-1", query: ItemQuery(wall: "diary", limit: 50)
            ))
            #expect(Set(other.items.map(\.id)) == [first.item.id, second.item.id, third.item.id])
            #expect(try await store.linkedItem(id: second.item.id, secretHash: "hash-1")?.text == "Bring the maps")
            #expect(try await store.linkedItem(id: second.item.id, secretHash: "hash-1")?.addedBy == nil)
            #expect(try await store.linkedItem(id: secret.item.id, secretHash: "hash-1") == nil)
            #expect(try await store.linkedItem(id: inbox.item.id, secretHash: "hash-1") == nil)
            #expect(try await store.linkedItems(secretHash: "hash-2", query: ItemQuery()) == nil)
            #expect(try await store.linkedItem(id: first.item.id, secretHash: "hash-2") == nil)
        }
    }

    @Test("A revoked link opens nothing at once, and a deleted wall takes its links with it",
          arguments: StoreFactory.all)
    func revokedLinkOpensNothing(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            let link = try await store.createWallLink(
                wallID: s.trip.id, secretHash: "hash-1", indexable: false, userID: s.alice.id
            )
            _ = try await store.createWallLink(wallID: s.diary.id, secretHash: "hash-d", indexable: false, userID: s.alice.id)
            let item = try await store.save(linkShare("https://example.com/1", wall: "trip"), for: s.alice)

            #expect(try await store.revokeWallLink(id: link.id, wallID: s.diary.id, userID: s.alice.id) == false)
            #expect(try await store.linkedWall(secretHash: "hash-1") != nil)
            #expect(try await store.revokeWallLink(id: link.id, wallID: s.trip.id, userID: s.alice.id))
            #expect(try await store.revokeWallLink(id: link.id, wallID: s.trip.id, userID: s.alice.id) == false)

            #expect(try await store.linkedWall(secretHash: "hash-1") == nil)
            #expect(try await store.linkedItems(secretHash: "hash-1", query: ItemQuery()) == nil)
            #expect(try await store.linkedItem(id: item.item.id, secretHash: "hash-1") == nil)
            #expect(try await store.wallLinks(wallID: s.trip.id, userID: s.alice.id).isEmpty)

            try await store.deleteWall(id: s.diary.id, userID: s.alice.id, disposal: .deleteItems)
            #expect(try await store.linkedWall(secretHash: "hash-d") == nil)
        }
    }

    @Test("A wall holds at most the link cap; a revoked link frees its place", arguments: StoreFactory.all)
    func linkCap(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store)
            var links: [SecretWallLink] = []
            for index in 0..<Limits.maxLinksPerWall {
                links.append(try await store.createWallLink(
                    wallID: s.trip.id, secretHash: "hash-\(index)", indexable: false, userID: s.alice.id
                ))
            }
            await #expect(throws: StoreError.self) {
                try await store.createWallLink(wallID: s.trip.id, secretHash: "hash-over", indexable: false, userID: s.alice.id)
            }
            #expect(try await store.linkedWall(secretHash: "hash-over") == nil)
            #expect(try await store.wallLinks(wallID: s.trip.id, userID: s.alice.id).count == Limits.maxLinksPerWall)
            // Another wall has its own allowance.
            _ = try await store.createWallLink(wallID: s.diary.id, secretHash: "hash-diary", indexable: false, userID: s.alice.id)

            #expect(try await store.revokeWallLink(id: links[0].id, wallID: s.trip.id, userID: s.alice.id))
            _ = try await store.createWallLink(wallID: s.trip.id, secretHash: "hash-over", indexable: false, userID: s.alice.id)
            #expect(try await store.linkedWall(secretHash: "hash-over")?.name == "Trip")
        }
    }
}
