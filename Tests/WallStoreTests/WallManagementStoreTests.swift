import Foundation
import Testing
import WallCore
import WallStore

/// Walls: listing, creating, renaming, reordering and deleting with each disposal.
@Suite("Walls")
struct WallManagementStoreTests {
    // MARK: Listing and creating

    @Test("Walls are listed in position order with their item counts", arguments: StoreFactory.all)
    func wallsInPositionOrder(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let work = try await store.newWall("Work", for: alice)
            try await store.save(linkShare("https://example.com/1", wall: "work"), for: alice)
            try await store.save(linkShare("https://example.com/2", wall: "work"), for: alice)
            try await store.save(linkShare("https://example.com/3"), for: alice)

            let walls = try await store.walls(userID: alice.id)

            #expect(walls.map(\.slug) == ["inbox", "reading", "work"])
            #expect(walls.map(\.itemCount) == [1, 0, 2])
            #expect(walls.map(\.position) == walls.map(\.position).sorted())
            #expect(Set(walls.map(\.position)).count == 3)
            #expect(walls.filter(\.isDefault).map(\.slug) == ["inbox"])
            #expect(reading.name == "Reading")
            #expect(reading.isDefault == false)
            #expect(reading.itemCount == 0)
            #expect(try await store.wall(ref: "work", userID: alice.id)?.itemCount == 2)
            #expect(try await store.wall(ref: work.id.uuidString, userID: alice.id)?.slug == "work")
        }
    }

    @Test("A new wall's slug is made from its name, numbered when taken", arguments: StoreFactory.all)
    func derivedSlugs(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()

            let first = try await store.newWall("Reading List", for: alice)
            let second = try await store.newWall("Reading List", for: alice)
            let third = try await store.newWall("reading  list!", for: alice)
            let accented = try await store.newWall("Café Crème", for: alice)

            #expect(first.slug == "reading-list")
            #expect(first.name == "Reading List")
            #expect(second.slug == "reading-list-2")
            #expect(second.name == "Reading List")
            #expect(third.slug == "reading-list-3")
            #expect(accented.slug == "cafe-creme")
            #expect(try await store.wall(ref: "reading-list-2", userID: alice.id) == second)
        }
    }

    @Test("An explicit slug that is taken is refused", arguments: StoreFactory.all)
    func explicitSlugTaken(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let mine = try await store.newWall("Reading", slug: "books", for: alice)
            #expect(mine.slug == "books")

            await #expect(throws: StoreError.slugTaken("books")) {
                try await store.newWall("Other", slug: "books", for: alice)
            }
            await #expect(throws: StoreError.slugTaken("inbox")) {
                try await store.newWall("Second inbox", slug: "inbox", for: alice)
            }
            #expect(try await store.walls(userID: alice.id).count == 2)

            // Slugs are per user.
            #expect(try await store.newWall("Bob's books", slug: "books", for: bob).slug == "books")
        }
    }

    // MARK: Updating

    @Test("updateWall renames, re-slugs and reorders", arguments: StoreFactory.all)
    func updateWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let work = try await store.newWall("Work", for: alice)
            try await store.save(linkShare("https://example.com/1", wall: "reading"), for: alice)

            let renamed = try await store.updateWall(
                id: reading.id, change: WallPatchRequest(name: "Books", slug: "books").validated(), userID: alice.id
            )
            #expect(renamed.id == reading.id)
            #expect(renamed.name == "Books")
            #expect(renamed.slug == "books")
            #expect(renamed.itemCount == 1)
            #expect(try await store.wall(ref: "reading", userID: alice.id) == nil)
            #expect(try await store.wall(ref: "books", userID: alice.id) == renamed)
            #expect(try await store.save(linkShare("https://example.com/2", wall: "books"), for: alice).item.wallId == reading.id)

            let nameOnly = try await store.updateWall(
                id: reading.id, change: WallPatchRequest(name: "Library").validated(), userID: alice.id
            )
            #expect(nameOnly.slug == "books")
            #expect(nameOnly.name == "Library")

            let last = try await store.walls(userID: alice.id).map(\.position).max() ?? 0
            _ = try await store.updateWall(
                id: reading.id, change: WallPatchRequest(position: last + 1).validated(), userID: alice.id
            )
            #expect(try await store.walls(userID: alice.id).map(\.id).last == reading.id)
            #expect(try await store.walls(userID: alice.id).map(\.id).contains(work.id))
        }
    }

    @Test("updateWall refuses a slug another wall has, and unknown or foreign walls", arguments: StoreFactory.all)
    func updateWallRefusals(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let bobs = try await store.newWall("Bobs", for: bob)

            await #expect(throws: StoreError.slugTaken("inbox")) {
                try await store.updateWall(
                    id: reading.id, change: WallPatchRequest(slug: "inbox").validated(), userID: alice.id
                )
            }
            // Keeping its own slug is no conflict.
            let same = try await store.updateWall(
                id: reading.id, change: WallPatchRequest(name: "Reading!", slug: "reading").validated(), userID: alice.id
            )
            #expect(same.slug == "reading")

            await #expect(throws: StoreError.notFound("wall")) {
                try await store.updateWall(id: UUID(), change: WallPatchRequest(name: "x").validated(), userID: alice.id)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.updateWall(id: bobs.id, change: WallPatchRequest(name: "x").validated(), userID: alice.id)
            }
            #expect(try await store.wall(ref: bobs.id.uuidString, userID: bob.id)?.name == "Bobs")
        }
    }

    @Test("Another user's wall is absent", arguments: StoreFactory.all)
    func wallsArePrivate(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let bobs = try await store.newWall("Secret", for: bob)

            #expect(try await store.wall(ref: bobs.id.uuidString, userID: alice.id) == nil)
            #expect(try await store.wall(ref: "secret", userID: alice.id) == nil)
            #expect(try await store.walls(userID: alice.id).map(\.slug) == ["inbox"])
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.deleteWall(id: bobs.id, userID: alice.id, disposal: .deleteItems)
            }
            #expect(try await store.wall(ref: "secret", userID: bob.id) == bobs)
        }
    }

    // MARK: Deleting

    @Test("The default wall can't be deleted", arguments: StoreFactory.all)
    func deleteDefaultWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let inbox = try await store.wall(slug: "inbox", of: alice)

            for disposal in [WallDisposal.refuse, .deleteItems, .moveTo("inbox")] {
                await #expect(throws: StoreError.defaultWallRequired) {
                    try await store.deleteWall(id: inbox.id, userID: alice.id, disposal: disposal)
                }
            }
            #expect(try await store.walls(userID: alice.id) == [inbox])
        }
    }

    @Test("An empty wall is deleted", arguments: StoreFactory.all)
    func deleteEmptyWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)

            try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .refuse)

            #expect(try await store.wall(ref: "reading", userID: alice.id) == nil)
            #expect(try await store.walls(userID: alice.id).map(\.slug) == ["inbox"])
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .refuse)
            }
            // Its slug is free again.
            #expect(try await store.newWall("Reading", for: alice).slug == "reading")
        }
    }

    @Test("Deleting a wall with items is refused unless told what to do with them", arguments: StoreFactory.all)
    func deleteNonEmptyRefused(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let first = try await store.save(linkShare("https://example.com/1", wall: "reading"), for: alice).item
            let second = try await store.save(textShare("words", wall: "reading"), for: alice).item

            await #expect(throws: StoreError.wallNotEmpty(2)) {
                try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .refuse)
            }

            #expect(try await store.wall(ref: "reading", userID: alice.id)?.itemCount == 2)
            #expect(try await store.itemIDs(ItemQuery(wall: "reading"), for: alice) == [second.id, first.id])
        }
    }

    @Test("Deleting a wall with .deleteItems deletes its items", arguments: StoreFactory.all)
    func deleteWithItems(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let share = try linkShare("https://example.com/1", title: "Doomed", wall: "reading")
            let first = try await store.save(share, for: alice).item
            let second = try await store.save(textShare("words", wall: "reading"), for: alice).item
            let kept = try await store.save(linkShare("https://example.com/1"), for: alice).item
            let seq = try await store.lastSeq(for: alice)

            try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .deleteItems)

            #expect(try await store.wall(ref: "reading", userID: alice.id) == nil)
            #expect(try await store.item(id: first.id, userID: alice.id) == nil)
            #expect(try await store.item(id: second.id, userID: alice.id) == nil)
            #expect(try await store.itemIDs(for: alice) == [kept.id])
            #expect(try await store.search("doomed", for: alice).isEmpty)
            let events = try await store.allEvents(after: seq, for: alice)
            #expect(events.map(\.type) == [.deleted, .deleted])
            #expect(Set(events.map(\.itemId)) == [first.id, second.id])
            await #expect(throws: StoreError.shareDeleted) { try await store.save(share, for: alice) }
        }
    }

    @Test("Deleting a wall with .moveTo moves its items to the target wall", arguments: StoreFactory.all)
    func deleteMovingItems(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let inbox = try await store.wall(slug: "inbox", of: alice)
            let reading = try await store.newWall("Reading", for: alice)
            let work = try await store.newWall("Work", for: alice)
            let first = try await store.save(linkShare("https://example.com/1", wall: "reading"), for: alice).item
            let second = try await store.save(textShare("words", wall: "reading"), for: alice).item
            let seq = try await store.lastSeq(for: alice)

            try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .moveTo("work"))

            #expect(try await store.wall(ref: "reading", userID: alice.id) == nil)
            #expect(try await store.item(id: first.id, userID: alice.id)?.wallId == work.id)
            #expect(try await store.item(id: second.id, userID: alice.id)?.wallId == work.id)
            #expect(Set(try await store.itemIDs(ItemQuery(wall: "work"), for: alice)) == [first.id, second.id])
            #expect(try await store.wall(ref: "work", userID: alice.id)?.itemCount == 2)
            #expect(try await store.wall(ref: "inbox", userID: alice.id)?.itemCount == 0)
            let events = try await store.allEvents(after: seq, for: alice)
            #expect(events.map(\.type) == [.updated, .updated])
            #expect(events.allSatisfy { $0.item?.wallId == work.id })

            // The target can be named by id, too.
            let archive = try await store.newWall("Archive", for: alice)
            let third = try await store.save(linkShare("https://example.com/3", wall: "archive"), for: alice).item
            try await store.deleteWall(id: archive.id, userID: alice.id, disposal: .moveTo(inbox.id.uuidString))
            #expect(try await store.item(id: third.id, userID: alice.id)?.wallId == inbox.id)
        }
    }

    @Test("Moving a link onto a wall that has it merges it into that item", arguments: StoreFactory.all)
    func deleteMovingMergesLinks(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let inbox = try await store.wall(slug: "inbox", of: alice)
            let reading = try await store.newWall("Reading", for: alice)
            let onInbox = try await store.save(
                linkShare("https://example.com/1", note: "inbox note", tags: ["a"]), for: alice
            ).item
            let movedShare = try linkShare(
                "https://example.com/1/?utm_source=feed", note: "reading note", wall: "reading", tags: ["b"]
            )
            let onReading = try await store.save(movedShare, for: alice).item
            let other = try await store.save(linkShare("https://example.com/2", wall: "reading"), for: alice).item
            let seq = try await store.lastSeq(for: alice)

            try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .moveTo("inbox"))

            let items = try await store.allItems(ItemQuery(wall: "inbox"), for: alice)
            #expect(Set(items.map(\.id)).count == 2)
            #expect(items.contains { $0.id == other.id })
            let survivors = items.filter { $0.url?.hasPrefix("https://example.com/1") == true }
            #expect(survivors.count == 1)
            #expect(try await store.wall(ref: "inbox", userID: alice.id)?.itemCount == 2)

            // Nothing the person wrote on the merged item is lost.
            let merged = try #require(survivors.first)
            #expect(merged.id == onInbox.id || merged.id == onReading.id)
            #expect(merged.wallId == inbox.id)
            #expect(merged.userNote?.contains("inbox note") == true)
            #expect(merged.userNote?.contains("reading note") == true)
            #expect(Set(merged.tags) == ["a", "b"])
            let mergedAway = merged.id == onInbox.id ? onReading.id : onInbox.id
            #expect(try await store.item(id: mergedAway, userID: alice.id) == nil)
            let events = try await store.allEvents(after: seq, for: alice)
            #expect(events.contains { $0.type == .deleted && $0.itemId == mergedAway })
            #expect(events.contains { $0.type == .updated && $0.item == merged })

            // The share that made the merged-away item now answers with the item it merged into.
            let replay = try await store.save(movedShare, for: alice)
            #expect(replay.item.id == merged.id)
        }
    }

    @Test("Deleting with .moveTo refuses an unknown target and the wall itself", arguments: StoreFactory.all)
    func deleteMovingRefusals(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let bobs = try await store.newWall("Bobs", for: bob)
            let reading = try await store.newWall("Reading", for: alice)
            let item = try await store.save(linkShare("https://example.com/1", wall: "reading"), for: alice).item

            await #expect(throws: StoreError.notFound("wall")) {
                try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .moveTo("nope"))
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .moveTo(bobs.id.uuidString))
            }
            await #expect(throws: StoreError.self) {
                try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .moveTo("reading"))
            }
            #expect(try await store.wall(ref: "reading", userID: alice.id)?.itemCount == 1)
            #expect(try await store.item(id: item.id, userID: alice.id)?.wallId == reading.id)
        }
    }
}
