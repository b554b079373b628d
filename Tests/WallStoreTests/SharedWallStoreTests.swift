import Foundation
import Testing
import WallCore
import WallStore

/// Shared walls on both stores: members and roles, what each role may do, what a removed
/// member and a stranger get, and that links stay one card per wall whoever shares them.
@Suite("Shared walls")
struct SharedWallStoreTests {
    /// Alice's wall "Trip", shared with Bob in `role`, and a stranger, Carol.
    private struct Setting {
        var alice: User
        var bob: User
        var carol: User
        var trip: Wall
    }

    private func setting(_ store: any WallStore, bobAs role: WallRole) async throws -> Setting {
        let alice = try await store.newUser("alice")
        let bob = try await store.newUser("bob")
        let carol = try await store.newUser("carol")
        let trip = try await store.newWall("Trip", for: alice)
        _ = try await store.setMember(wallID: trip.id, username: "Bob", role: role, userID: alice.id)
        return Setting(alice: alice, bob: bob, carol: carol, trip: trip)
    }

    @Test("A shared wall is in the member's list with its owner and their role, and both see who is on it",
          arguments: StoreFactory.all)
    func sharedWallIsListed(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .contributor)

            let bobsWalls = try await store.walls(userID: s.bob.id)
            let shared = try #require(bobsWalls.first { $0.id == s.trip.id })
            #expect(shared.owner == "alice")
            #expect(shared.role == .contributor)
            #expect(shared.isDefault == false)
            #expect(bobsWalls.filter { $0.owner == nil }.map(\.slug) == ["inbox"])
            #expect(try await store.walls(userID: s.alice.id).allSatisfy { $0.owner == nil && $0.role == nil })
            #expect(try await store.wall(ref: s.trip.id.uuidString, userID: s.bob.id)?.owner == "alice")
            #expect(try await store.wall(ref: "trip", userID: s.bob.id) == nil)
            #expect(try await store.members(wallID: s.trip.id, userID: s.alice.id).map(\.username) == ["bob"])
            #expect(try await store.members(wallID: s.trip.id, userID: s.bob.id).map(\.role) == [.contributor])
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.members(wallID: s.trip.id, userID: s.carol.id)
            }
        }
    }

    @Test("A member's share lands on the owner's wall, says who added it, and reaches both live",
          arguments: StoreFactory.all)
    func memberPostsToSharedWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .contributor)
            let aliceBefore = try await store.lastSeq(for: s.alice)
            let bobBefore = try await store.lastSeq(for: s.bob)

            let outcome = try await store.save(
                linkShare("https://example.com/museum", title: "Museum hours", wall: s.trip.id.uuidString), for: s.bob
            )

            #expect(outcome.kind == .created)
            #expect(outcome.item.wallId == s.trip.id)
            #expect(outcome.item.addedBy == "bob")
            #expect(try await store.item(id: outcome.item.id, userID: s.alice.id)?.addedBy == "bob")
            #expect(try await store.itemIDs(ItemQuery(wall: "trip", limit: 50), for: s.alice) == [outcome.item.id])
            #expect(try await store.itemIDs(ItemQuery(wall: s.trip.id.uuidString, limit: 50), for: s.bob)
                == [outcome.item.id])
            #expect(try await store.itemIDs(for: s.bob) == [outcome.item.id])
            #expect(try await store.search("museum", for: s.alice) == [outcome.item.id])
            #expect(try await store.search("museum", for: s.bob) == [outcome.item.id])
            #expect(try await store.items(canonicalURL: "https://example.com/museum", userID: s.bob.id).map(\.id)
                == [outcome.item.id])
            #expect(try await store.allEvents(after: aliceBefore, for: s.alice).map(\.itemId) == [outcome.item.id])
            #expect(try await store.allEvents(after: bobBefore, for: s.bob).map(\.itemId) == [outcome.item.id])
            #expect(try await store.itemIDs(for: s.carol).isEmpty)
            #expect(try await store.item(id: outcome.item.id, userID: s.carol.id) == nil)
        }
    }

    @Test("A viewer sees the wall but can't add to it or change it, and nothing changes",
          arguments: StoreFactory.all)
    func viewerIsReadOnly(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .viewer)
            let card = try await store.save(linkShare("https://example.com/a", wall: "trip"), for: s.alice).item

            #expect(try await store.item(id: card.id, userID: s.bob.id)?.id == card.id)
            #expect(await isForbidden {
                try await store.save(linkShare("https://example.com/b", wall: s.trip.id.uuidString), for: s.bob)
            })
            #expect(await isForbidden { try await store.update(card.id, ItemPatch(title: .set("Mine")), for: s.bob) })
            #expect(await isForbidden { _ = try await store.deleteItem(id: card.id, userID: s.bob.id) })
            #expect(try await store.itemIDs(ItemQuery(wall: "trip", limit: 50), for: s.alice) == [card.id])
            #expect(try await store.item(id: card.id, userID: s.alice.id) == card)
        }
    }

    @Test("A contributor changes what they added, not the rest; an editor changes anything",
          arguments: StoreFactory.all)
    func contributorAndEditor(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .contributor)
            let alices = try await store.save(linkShare("https://example.com/a", wall: "trip"), for: s.alice).item
            let bobs = try await store.save(
                linkShare("https://example.com/b", wall: s.trip.id.uuidString), for: s.bob
            ).item

            #expect(try await store.update(bobs.id, ItemPatch(title: .set("Bob's")), for: s.bob).title == "Bob's")
            #expect(await isForbidden { try await store.update(alices.id, ItemPatch(title: .set("No")), for: s.bob) })
            #expect(await isForbidden { _ = try await store.deleteItem(id: alices.id, userID: s.bob.id) })
            #expect(try await store.item(id: alices.id, userID: s.alice.id) == alices)

            _ = try await store.setMember(wallID: s.trip.id, username: "bob", role: .editor, userID: s.alice.id)
            #expect(try await store.update(alices.id, ItemPatch(title: .set("Edited")), for: s.bob).title == "Edited")
            #expect(try await store.deleteItem(id: alices.id, userID: s.bob.id))
            #expect(try await store.item(id: alices.id, userID: s.alice.id) == nil)
            // Moving a card off the owner's walls would hand it to someone else.
            await #expect(throws: StoreError.forbidden("Items move only between walls of the same owner.")) {
                try await store.update(bobs.id, ItemPatch(wall: .set("inbox")), for: s.bob)
            }
        }
    }

    @Test("Only the owner renames, deletes or shares the wall", arguments: StoreFactory.all)
    func ownerOnly(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .editor)
            let rename = try WallPatchRequest(name: "Bob's trip").validated()

            #expect(await isForbidden { _ = try await store.updateWall(id: s.trip.id, change: rename, userID: s.bob.id) })
            #expect(await isForbidden { try await store.deleteWall(id: s.trip.id, userID: s.bob.id, disposal: .deleteItems) })
            #expect(await isForbidden {
                _ = try await store.setMember(wallID: s.trip.id, username: "carol", role: .viewer, userID: s.bob.id)
            })
            #expect(await isForbidden { _ = try await store.removeMember(wallID: s.trip.id, username: "alice", userID: s.bob.id) })
            await #expect(throws: StoreError.notFound("wall")) {
                _ = try await store.updateWall(id: s.trip.id, change: rename, userID: s.carol.id)
            }
            await #expect(throws: StoreError.notFound("user")) {
                _ = try await store.setMember(wallID: s.trip.id, username: "nobody", role: .viewer, userID: s.alice.id)
            }
            await #expect(throws: StoreError.conflict("You own this wall; share it with someone else.")) {
                _ = try await store.setMember(wallID: s.trip.id, username: "alice", role: .viewer, userID: s.alice.id)
            }
            #expect(try await store.wall(ref: "trip", userID: s.alice.id)?.name == "Trip")
            #expect(try await store.members(wallID: s.trip.id, userID: s.alice.id).map(\.username) == ["bob"])
        }
    }

    @Test("A removed member sees nothing of the wall and gets none of its events; what they added stays",
          arguments: StoreFactory.all)
    func removalTakesEffectAtOnce(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .contributor)
            let bobs = try await store.save(
                linkShare("https://example.com/b", wall: s.trip.id.uuidString), for: s.bob
            ).item

            #expect(try await store.removeMember(wallID: s.trip.id, username: "bob", userID: s.alice.id))
            let bobBefore = try await store.lastSeq(for: s.bob)
            try await store.save(linkShare("https://example.com/after", wall: "trip"), for: s.alice)

            #expect(try await store.item(id: bobs.id, userID: s.bob.id) == nil)
            #expect(try await store.itemIDs(for: s.bob).isEmpty)
            #expect(try await store.allEvents(after: bobBefore, for: s.bob).isEmpty)
            #expect(try await store.walls(userID: s.bob.id).allSatisfy { $0.owner == nil })
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.save(linkShare("https://example.com/c", wall: s.trip.id.uuidString), for: s.bob)
            }
            #expect(try await store.item(id: bobs.id, userID: s.alice.id)?.addedBy == "bob")
            #expect(try await !store.removeMember(wallID: s.trip.id, username: "bob", userID: s.alice.id))
        }
    }

    @Test("A removed member's open stream stops carrying the wall's changes as soon as the removal returns",
          .timeLimit(.minutes(5)), arguments: StoreFactory.all)
    func removalReachesAnOpenStream(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .contributor)
            var bobsEvents = store.feed.subscribe(userID: s.bob.id).makeAsyncIterator()
            let before = try await store.save(linkShare("https://example.com/before", wall: "trip"), for: s.alice).item
            #expect(try #require(await bobsEvents.next()).itemId == before.id, "the open stream carries the wall first")

            #expect(try await store.removeMember(wallID: s.trip.id, username: "bob", userID: s.alice.id))
            let after = try await store.save(linkShare("https://example.com/after", wall: "trip"), for: s.alice).item
            _ = try await store.update(before.id, ItemPatch(title: .set("Edited after")), for: s.alice)
            let own = try await store.save(linkShare("https://example.com/bobs-own"), for: s.bob).item

            // Bob's stream is in commit order: had the wall's new card or edit reached it, it would come first.
            let next = try #require(await bobsEvents.next())
            #expect(next.itemId == own.id, "got \(next.type) of \(next.itemId), the new card is \(after.id)")
            #expect(next.type == .created)
        }
    }

    @Test("A member's tag filter finds the shared wall's cards with that tag; a stranger's and a removed member's don't",
          arguments: StoreFactory.all)
    func tagFilterCoversSharedWalls(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .contributor)
            let alicesTrip = try await store.save(
                linkShare("https://example.com/louvre", wall: "trip", tags: ["Paris"]), for: s.alice
            ).item
            let bobsTrip = try await store.save(
                linkShare("https://example.com/metro", wall: s.trip.id.uuidString, tags: ["paris"]), for: s.bob
            ).item
            // Not on the shared wall, or not tagged: a member's filter must never find these.
            let alicesInbox = try await store.save(
                linkShare("https://example.com/private", tags: ["paris"]), for: s.alice
            ).item
            _ = try await store.save(linkShare("https://example.com/untagged", wall: "trip"), for: s.alice)
            let bobsOwn = try await store.save(linkShare("https://example.com/bobs", tags: ["paris"]), for: s.bob).item
            let carolsOwn = try await store.save(
                linkShare("https://example.com/carols", tags: ["paris"]), for: s.carol
            ).item
            let paris = ItemQuery(tag: "PARIS", limit: Limits.maxPageSize)
            let parisOnTrip = ItemQuery(wall: s.trip.id.uuidString, tag: "paris", limit: Limits.maxPageSize)

            #expect(try await store.itemIDs(paris, for: s.bob) == [bobsOwn.id, bobsTrip.id, alicesTrip.id])
            #expect(try await store.itemIDs(parisOnTrip, for: s.bob) == [bobsTrip.id, alicesTrip.id])
            #expect(try await store.itemIDs(paris, for: s.alice) == [alicesInbox.id, bobsTrip.id, alicesTrip.id])
            #expect(try await store.itemIDs(paris, for: s.carol) == [carolsOwn.id])
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.itemIDs(parisOnTrip, for: s.carol)
            }

            #expect(try await store.removeMember(wallID: s.trip.id, username: "bob", userID: s.alice.id))
            #expect(try await store.itemIDs(paris, for: s.bob) == [bobsOwn.id])
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.itemIDs(parisOnTrip, for: s.bob)
            }
            #expect(try await store.itemIDs(paris, for: s.alice) == [alicesInbox.id, bobsTrip.id, alicesTrip.id])
        }
    }

    @Test("Across walls, a member's listing, search and tag filter cover their own and the shared walls, no other",
          arguments: StoreFactory.all)
    func acrossWallsCoversOwnAndShared(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .viewer)
            let classWall = try await store.newWall("Class", for: s.carol)
            _ = try await store.setMember(wallID: classWall.id, username: "bob", role: .viewer, userID: s.carol.id)
            let onTrip = try await store.save(
                linkShare("https://example.com/harbour", title: "Harbour walk", wall: "trip", tags: ["walk"]), for: s.alice
            ).item
            let alicesInbox = try await store.save(
                linkShare("https://example.com/private", title: "Harbour tax", tags: ["walk"]), for: s.alice
            ).item
            let onClass = try await store.save(
                linkShare("https://example.com/notes", title: "Harbour notes", wall: "class", tags: ["Walk"]), for: s.carol
            ).item
            let carolsInbox = try await store.save(
                linkShare("https://example.com/carol", title: "Harbour diary", tags: ["walk"]), for: s.carol
            ).item
            let bobsOwn = try await store.save(
                linkShare("https://example.com/bob", title: "Harbour map", tags: ["walk"]), for: s.bob
            ).item
            let walks = ItemQuery(tag: "walk", limit: Limits.maxPageSize)

            #expect(try await store.itemIDs(for: s.bob) == [bobsOwn.id, onClass.id, onTrip.id])
            #expect(try await store.search("harbour", for: s.bob) == [bobsOwn.id, onClass.id, onTrip.id])
            #expect(try await store.itemIDs(walks, for: s.bob) == [bobsOwn.id, onClass.id, onTrip.id])
            #expect(try await store.itemIDs(ItemQuery(wall: classWall.id.uuidString, tag: "walk"), for: s.bob)
                == [onClass.id])
            #expect(try await store.search("harbour", for: s.alice) == [alicesInbox.id, onTrip.id])
            #expect(try await store.itemIDs(walks, for: s.carol) == [carolsInbox.id, onClass.id])
        }
    }

    @Test("A member can leave a wall", arguments: StoreFactory.all)
    func memberLeaves(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .viewer)
            #expect(try await store.removeMember(wallID: s.trip.id, username: "bob", userID: s.bob.id))
            #expect(try await store.members(wallID: s.trip.id, userID: s.alice.id).isEmpty)
        }
    }

    @Test("A link a second member shares is the same card, moved to the top with their note; share ids stay per person",
          arguments: StoreFactory.all)
    func duplicatesAcrossMembers(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let s = try await setting(store, bobAs: .contributor)
            let shareID = UUID()
            let first = try await store.save(
                linkShare("https://example.com/x", id: shareID, note: "from alice", wall: "trip"), for: s.alice
            ).item
            let other = try await store.save(linkShare("https://example.com/other", wall: "trip"), for: s.alice).item

            let again = try await store.save(
                linkShare("https://example.com/x?utm_source=chat", id: shareID, note: "from bob",
                          wall: s.trip.id.uuidString),
                for: s.bob
            )

            #expect(again.kind == .duplicate)
            #expect(again.item.id == first.id)
            #expect(again.item.userNote == "from alice\n\nbob: from bob")
            #expect(try await store.itemIDs(ItemQuery(wall: "trip", limit: 50), for: s.alice) == [first.id, other.id])
            let replay = try await store.save(
                linkShare("https://example.com/x?utm_source=chat", id: shareID, note: "from bob",
                          wall: s.trip.id.uuidString),
                for: s.bob
            )
            #expect(replay.kind == .replayed(duplicate: true))
        }
    }
}
