import Foundation
import Testing
import WallCore
import WallStore

/// `updateItem` and `deleteItem`.
@Suite("Item edit and delete")
struct ItemEditStoreTests {
    // MARK: Update

    @Test("A patch sets title, note and tags, and updatedAt moves on", arguments: StoreFactory.all)
    func patchSetsFields(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let original = try await store.save(
                linkShare("https://example.com/1", title: "Old", note: "old note", tags: ["old"]), for: alice
            ).item

            let updated = try await store.update(
                original.id,
                ItemPatch(title: .set("  New title "), userNote: .set("new note"), tags: .set(["New", "more", "new"])),
                for: alice
            )

            #expect(updated.id == original.id)
            #expect(updated.title == "New title")
            #expect(updated.userNote == "new note")
            #expect(updated.tags == ["new", "more"])
            #expect(updated.url == original.url)
            #expect(updated.wallId == original.wallId)
            #expect(updated.createdAt == original.createdAt)
            #expect(updated.updatedAt > original.updatedAt)
            #expect(try await store.item(id: original.id, userID: alice.id) == updated)
            #expect(try await store.itemIDs(ItemQuery(tag: "old"), for: alice).isEmpty)
            #expect(try await store.itemIDs(ItemQuery(tag: "more"), for: alice) == [original.id])
        }
    }

    @Test("Only the fields in a patch change", arguments: StoreFactory.all)
    func patchLeavesOtherFields(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let original = try await store.save(
                linkShare("https://example.com/1", title: "Title", note: "note", tags: ["tag"]), for: alice
            ).item

            let updated = try await store.update(original.id, ItemPatch(userNote: .set("changed")), for: alice)

            #expect(updated.title == "Title")
            #expect(updated.userNote == "changed")
            #expect(updated.tags == ["tag"])
        }
    }

    @Test("A patch clears title, note and tags", arguments: StoreFactory.all)
    func patchClearsFields(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let original = try await store.save(
                linkShare("https://example.com/1", title: "Title", note: "note", tags: ["a", "b"]), for: alice
            ).item

            let cleared = try await store.update(
                original.id, ItemPatch(title: .clear, userNote: .set("   "), tags: .clear), for: alice
            )

            #expect(cleared.title == nil)
            #expect(cleared.userNote == nil)
            #expect(cleared.tags.isEmpty)
            #expect(try await store.item(id: original.id, userID: alice.id) == cleared)
            #expect(try await store.itemIDs(ItemQuery(tag: "a"), for: alice).isEmpty)

            let retagged = try await store.update(original.id, ItemPatch(tags: .set(["c"])), for: alice)
            #expect(retagged.tags == ["c"])
            let emptied = try await store.update(original.id, ItemPatch(tags: .set([])), for: alice)
            #expect(emptied.tags.isEmpty)
            #expect(try await store.itemIDs(ItemQuery(tag: "c"), for: alice).isEmpty)
        }
    }

    @Test("A patch moves an item to another wall, by slug or id", arguments: StoreFactory.all)
    func patchMovesItem(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let inbox = try await store.wall(slug: "inbox", of: alice)
            let work = try await store.newWall("Work", for: alice)
            let item = try await store.save(linkShare("https://example.com/1"), for: alice).item

            let moved = try await store.update(item.id, ItemPatch(wall: .set("work")), for: alice)

            #expect(moved.wallId == work.id)
            #expect(try await store.itemIDs(ItemQuery(wall: "work"), for: alice) == [item.id])
            #expect(try await store.itemIDs(ItemQuery(wall: "inbox"), for: alice).isEmpty)
            #expect(try await store.wall(ref: "work", userID: alice.id)?.itemCount == 1)
            #expect(try await store.wall(ref: "inbox", userID: alice.id)?.itemCount == 0)

            let back = try await store.update(item.id, ItemPatch(wall: .set(inbox.id.uuidString)), for: alice)
            #expect(back.wallId == inbox.id)

            // The link now belongs to the inbox: sharing it there again is a duplicate.
            let again = try await store.save(linkShare("https://example.com/1"), for: alice)
            #expect(again.kind == .duplicate)
            #expect(again.item.id == item.id)
        }
    }

    @Test("Moving a link onto a wall that already has it is a conflict", arguments: StoreFactory.all)
    func moveOntoSameLinkConflicts(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            try await store.newWall("Work", for: alice)
            let inInbox = try await store.save(linkShare("https://example.com/1"), for: alice).item
            let atWork = try await store.save(linkShare("https://example.com/1/", wall: "work"), for: alice).item

            let error = await #expect(throws: StoreError.self) {
                try await store.update(inInbox.id, ItemPatch(title: .set("x"), wall: .set("work")), for: alice)
            }

            #expect(error?.isConflict == true, "\(String(describing: error))")
            #expect(try await store.item(id: inInbox.id, userID: alice.id) == inInbox)
            #expect(try await store.item(id: atWork.id, userID: alice.id) == atWork)

            // Text items carry no link identity, so they move freely.
            let passage = try await store.save(textShare("words", url: "https://example.com/1"), for: alice).item
            #expect(try await store.update(passage.id, ItemPatch(wall: .set("work")), for: alice).wallId == atWork.wallId)
        }
    }

    @Test("Moving to an unknown wall is notFound", arguments: StoreFactory.all)
    func moveToUnknownWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let bobsWall = try await store.newWall("Bobs", for: bob)
            let item = try await store.save(linkShare("https://example.com/1"), for: alice).item

            await #expect(throws: StoreError.notFound("wall")) {
                try await store.update(item.id, ItemPatch(wall: .set("nope")), for: alice)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.update(item.id, ItemPatch(wall: .set(bobsWall.id.uuidString)), for: alice)
            }
            #expect(try await store.item(id: item.id, userID: alice.id) == item)
        }
    }

    @Test("Updating an unknown item, or someone else's, is notFound", arguments: StoreFactory.all)
    func updateUnknownItem(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let bobs = try await store.save(linkShare("https://example.com/1", title: "Bob's"), for: bob).item

            await #expect(throws: StoreError.notFound("item")) {
                try await store.update(UUID(), ItemPatch(title: .set("x")), for: alice)
            }
            await #expect(throws: StoreError.notFound("item")) {
                try await store.update(bobs.id, ItemPatch(title: .set("mine now")), for: alice)
            }
            #expect(try await store.item(id: bobs.id, userID: bob.id) == bobs)
        }
    }

    @Test("A patch that changes nothing leaves updatedAt and emits no event", arguments: StoreFactory.all)
    func noOpPatch(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let item = try await store.save(
                linkShare("https://example.com/1", title: "Same", note: "same", tags: ["a", "b"]), for: alice
            ).item
            let seq = try await store.lastSeq(for: alice)

            let patches = [
                ItemPatch(),
                ItemPatch(title: .set("Same"), userNote: .set("same"), tags: .set(["A", "b"]), wall: .set("inbox")),
            ]
            for patch in patches {
                let result = try await store.update(item.id, patch, for: alice)
                #expect(result == item)
            }

            #expect(try await store.item(id: item.id, userID: alice.id) == item)
            #expect(try await store.allEvents(after: seq, for: alice).isEmpty)
            #expect(try await store.itemIDs(for: alice) == [item.id])
        }
    }

    @Test("An edit does not move the item to the top", arguments: StoreFactory.all)
    func editKeepsPosition(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let older = try await store.save(linkShare("https://example.com/1"), for: alice).item
            let newer = try await store.save(linkShare("https://example.com/2"), for: alice).item

            try await store.update(older.id, ItemPatch(title: .set("Edited")), for: alice)

            #expect(try await store.itemIDs(for: alice) == [newer.id, older.id])
        }
    }

    // MARK: Delete

    @Test("deleteItem removes the item from reads, listings and search", arguments: StoreFactory.all)
    func deleteItem(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let doomed = try await store.save(
                linkShare("https://example.com/1", title: "Ephemeral", tags: ["temp"]), for: alice
            ).item
            let kept = try await store.save(linkShare("https://example.com/2", title: "Ephemeral too"), for: alice).item

            #expect(try await store.deleteItem(id: doomed.id, userID: alice.id))

            #expect(try await store.item(id: doomed.id, userID: alice.id) == nil)
            #expect(try await store.itemIDs(for: alice) == [kept.id])
            #expect(try await store.itemIDs(ItemQuery(tag: "temp"), for: alice).isEmpty)
            #expect(try await store.search("ephemeral", for: alice) == [kept.id])
            #expect(try await store.wall(ref: "inbox", userID: alice.id)?.itemCount == 1)
            #expect(try await store.deleteItem(id: doomed.id, userID: alice.id) == false)
        }
    }

    @Test("deleteItem is false for an unknown item or someone else's", arguments: StoreFactory.all)
    func deleteUnknownItem(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let bobs = try await store.save(linkShare("https://example.com/1"), for: bob).item

            #expect(try await store.deleteItem(id: UUID(), userID: alice.id) == false)
            #expect(try await store.deleteItem(id: bobs.id, userID: alice.id) == false)
            #expect(try await store.item(id: bobs.id, userID: bob.id) == bobs)
        }
    }
}
