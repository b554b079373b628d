import Foundation
import Testing
import WallCore
import WallStore

/// `saveShare`: new items, replays of a share id, the same link shared again, walls, isolation.
@Suite("Shares")
struct ShareStoreTests {
    // MARK: New shares

    @Test("A new share makes an item holding what was shared", arguments: StoreFactory.all)
    func newShareIsCreated(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let inbox = try await store.wall(slug: "inbox", of: alice)
            let sharedAt = Date(timeIntervalSince1970: 1_767_000_000.250)
            let share = try linkShare(
                "https://example.com/articles/structured?id=7", title: "Structured concurrency",
                note: "read later", tags: ["Swift", "concurrency"], sharedAt: sharedAt, source: .iosShareExtension
            )

            let outcome = try await store.save(share, for: alice)

            #expect(outcome.kind == .created)
            #expect(!outcome.isDuplicate)
            let item = outcome.item
            #expect(item.kind == .url)
            #expect(item.url == "https://example.com/articles/structured?id=7")
            #expect(item.title == "Structured concurrency")
            #expect(item.text == nil)
            #expect(item.userNote == "read later")
            #expect(item.tags == ["swift", "concurrency"])
            #expect(item.wallId == inbox.id)
            #expect(item.source == .iosShareExtension)
            #expect(item.sharedAt == sharedAt)
            #expect(item.createdAt == item.updatedAt)
            #expect(try await store.item(id: item.id, userID: alice.id) == item)
            #expect(try await store.itemIDs(for: alice) == [item.id])
        }
    }

    @Test("Text and image shares are stored with their kind", arguments: StoreFactory.all)
    func textAndImageShares(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let passage = try await store.save(
                textShare("To be, or not to be.", url: "https://example.com/hamlet", title: "Hamlet"), for: alice
            )
            let picture = try await store.save(imageShare(title: "Sunset"), for: alice)

            #expect(passage.kind == .created)
            #expect(passage.item.kind == .text)
            #expect(passage.item.text == "To be, or not to be.")
            #expect(passage.item.url == "https://example.com/hamlet")
            #expect(passage.item.source == .web)
            #expect(picture.item.kind == .image)
            #expect(picture.item.title == "Sunset")
            #expect(try await store.item(id: passage.item.id, userID: alice.id) == passage.item)
            #expect(try await store.item(id: picture.item.id, userID: alice.id) == picture.item)
        }
    }

    @Test("Only links are recognised as shared twice: the same text twice makes two items", arguments: StoreFactory.all)
    func textIsNotDeduplicated(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let first = try await store.save(textShare("Same words", url: "https://example.com/a"), for: alice)
            let second = try await store.save(textShare("Same words", url: "https://example.com/a"), for: alice)

            #expect(second.kind == .created)
            #expect(first.item.id != second.item.id)
            #expect(try await store.itemIDs(for: alice).count == 2)
        }
    }

    // MARK: Replays of a share id

    @Test("The same share id again answers the same item and stores nothing new", arguments: StoreFactory.all)
    func replayReturnsSameItem(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let share = try linkShare("https://example.com/replay", note: "once")
            let first = try await store.save(share, for: alice)
            let seq = try await store.lastSeq(for: alice)

            let again = try await store.save(share, for: alice)

            #expect(again.kind == .replayed(duplicate: false))
            #expect(!again.isDuplicate)
            #expect(again.item == first.item)
            #expect(try await store.itemIDs(for: alice) == [first.item.id])
            #expect(try await store.allEvents(after: seq, for: alice).isEmpty)
        }
    }

    @Test("A replay answers the item as it is now", arguments: StoreFactory.all)
    func replayShowsCurrentItem(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let share = try linkShare("https://example.com/edited", title: "Before")
            let first = try await store.save(share, for: alice)
            let edited = try await store.update(first.item.id, ItemPatch(title: .set("After")), for: alice)

            let again = try await store.save(share, for: alice)

            #expect(again.kind == .replayed(duplicate: false))
            #expect(again.item == edited)
        }
    }

    @Test("The same share id with other content is a conflict and changes nothing", arguments: StoreFactory.all)
    func sameIDOtherContentConflicts(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let id = UUID()
            let first = try await store.save(linkShare("https://example.com/one", id: id, note: "mine"), for: alice)
            let variants = [
                try linkShare("https://example.com/two", id: id, note: "mine"),
                try linkShare("https://example.com/one", id: id, note: "changed"),
                try linkShare("https://example.com/one", id: id, note: "mine", tags: ["extra"]),
                try textShare("https://example.com/one", id: id),
            ]

            for variant in variants {
                let error = await #expect(throws: StoreError.self) { try await store.save(variant, for: alice) }
                #expect(error?.isConflict == true, "\(String(describing: error))")
            }
            #expect(try await store.itemIDs(for: alice) == [first.item.id])
            #expect(try await store.item(id: first.item.id, userID: alice.id) == first.item)
        }
    }

    @Test("Replaying the share id of a deleted item is refused", arguments: StoreFactory.all)
    func replayAfterDeleteIsRefused(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let share = try linkShare("https://example.com/gone")
            let first = try await store.save(share, for: alice)
            #expect(try await store.deleteItem(id: first.item.id, userID: alice.id))

            await #expect(throws: StoreError.shareDeleted) { try await store.save(share, for: alice) }
            #expect(try await store.itemIDs(for: alice).isEmpty)

            // The link itself is welcome again under a new share id.
            let fresh = try await store.save(linkShare("https://example.com/gone"), for: alice)
            #expect(fresh.kind == .created)
            #expect(fresh.item.id != first.item.id)
        }
    }

    // MARK: The same link shared again

    @Test(
        "The same link with a new share id moves the item to the top, appending the note and adding tags",
        arguments: StoreFactory.all
    )
    func sameLinkIsDuplicate(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let original = try await store.save(
                linkShare("https://example.com/article", title: "Article", note: "first thoughts", tags: ["swift", "read"]),
                for: alice
            )
            let other = try await store.save(linkShare("https://example.com/other"), for: alice)
            #expect(try await store.itemIDs(for: alice) == [other.item.id, original.item.id])

            let repeatID = UUID()
            let repeated = try await store.save(
                linkShare(
                    "https://Example.COM/article/?utm_source=newsletter", id: repeatID, title: "Another title",
                    note: "second thoughts", tags: ["Server", "swift"]
                ),
                for: alice
            )

            #expect(repeated.kind == .duplicate)
            #expect(repeated.isDuplicate)
            let item = repeated.item
            #expect(item.id == original.item.id)
            #expect(item.url == original.item.url)
            #expect(item.title == "Article")
            let note = try #require(item.userNote)
            #expect(note.hasPrefix("first thoughts"))
            #expect(note.hasSuffix("second thoughts"))
            #expect(item.tags == ["swift", "read", "server"])
            #expect(item.createdAt == original.item.createdAt)
            #expect(item.updatedAt > original.item.updatedAt)
            #expect(try await store.item(id: item.id, userID: alice.id) == item)
            #expect(try await store.itemIDs(for: alice) == [original.item.id, other.item.id])

            // Replaying the duplicate share answers the same, flagged as a duplicate.
            let replay = try await store.save(
                linkShare(
                    "https://Example.COM/article/?utm_source=newsletter", id: repeatID, title: "Another title",
                    note: "second thoughts", tags: ["Server", "swift"]
                ),
                for: alice
            )
            #expect(replay.kind == .replayed(duplicate: true))
            #expect(replay.isDuplicate)
            #expect(replay.item == item)
            #expect(try await store.itemIDs(for: alice).count == 2)
        }
    }

    @Test("Canonically equal links are the same link", arguments: StoreFactory.all)
    func canonicalVariantsAreDuplicates(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let original = try await store.save(linkShare("https://example.com/page?q=1"), for: alice)
            let variants = [
                "https://example.com/page/?q=1",
                "https://example.com/page?q=1&utm_source=x&utm_medium=y",
                "HTTPS://EXAMPLE.COM:443/page?q=1#heading",
                "  https://example.com/page?fbclid=abc&q=1  ",
            ]
            for variant in variants {
                let outcome = try await store.save(linkShare(variant), for: alice)
                #expect(outcome.kind == .duplicate, "\(variant)")
                #expect(outcome.item.id == original.item.id, "\(variant)")
            }
            let different = try await store.save(linkShare("https://example.com/page?q=2"), for: alice)
            #expect(different.kind == .created)
            #expect(try await store.itemIDs(for: alice).count == 2)
        }
    }

    @Test("A repeated note is not appended twice", arguments: StoreFactory.all)
    func repeatedNoteIsNotAppended(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let first = try await store.save(linkShare("https://example.com/n", note: "keep this"), for: alice)
            let second = try await store.save(linkShare("https://example.com/n", note: "keep this"), for: alice)
            let third = try await store.save(linkShare("https://example.com/n"), for: alice)

            #expect(second.kind == .duplicate)
            #expect(second.item.userNote == "keep this")
            #expect(third.item.userNote == "keep this")
            #expect(third.item.id == first.item.id)
        }
    }

    @Test("A different note is appended even when its words are inside the item's note", arguments: StoreFactory.all)
    func noteInsideAParagraphIsStillAppended(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            _ = try await store.save(linkShare("https://example.com/p", note: "read later"), for: alice)
            let second = try await store.save(linkShare("https://example.com/p", note: "later"), for: alice)
            let third = try await store.save(linkShare("https://example.com/p", note: "more"), for: alice)
            let again = try await store.save(linkShare("https://example.com/p", note: "later"), for: alice)

            #expect(second.item.userNote == "read later\n\nlater")
            #expect(third.item.userNote == "read later\n\nlater\n\nmore")
            #expect(again.item.userNote == "read later\n\nlater\n\nmore", "a paragraph it holds is not added again")
        }
    }

    @Test("The same link on another wall is a separate item", arguments: StoreFactory.all)
    func sameLinkOtherWallIsSeparate(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let inInbox = try await store.save(linkShare("https://example.com/x"), for: alice)
            let inReading = try await store.save(linkShare("https://example.com/x/", wall: "reading"), for: alice)

            #expect(inReading.kind == .created)
            #expect(inReading.item.id != inInbox.item.id)
            #expect(inReading.item.wallId == reading.id)
            #expect(try await store.itemIDs(for: alice).count == 2)

            // Each wall recognises its own copy.
            let again = try await store.save(linkShare("https://example.com/x", wall: reading.id.uuidString), for: alice)
            #expect(again.kind == .duplicate)
            #expect(again.item.id == inReading.item.id)
        }
    }

    // MARK: Walls

    @Test("A share lands on the wall named by slug or by id, else on the inbox", arguments: StoreFactory.all)
    func shareToWallBySlugAndID(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let inbox = try await store.wall(slug: "inbox", of: alice)
            let work = try await store.newWall("Work", for: alice)

            let bySlug = try await store.save(linkShare("https://example.com/1", wall: "work"), for: alice)
            let byID = try await store.save(linkShare("https://example.com/2", wall: work.id.uuidString), for: alice)
            let byDefault = try await store.save(linkShare("https://example.com/3"), for: alice)

            #expect(bySlug.item.wallId == work.id)
            #expect(byID.item.wallId == work.id)
            #expect(byDefault.item.wallId == inbox.id)
            #expect(try await store.wall(ref: "work", userID: alice.id)?.itemCount == 2)
            #expect(try await store.wall(ref: "inbox", userID: alice.id)?.itemCount == 1)
        }
    }

    @Test("A share to an unknown wall, or someone else's, is refused and stores nothing", arguments: StoreFactory.all)
    func shareToUnknownWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let bobsWall = try await store.newWall("Secret", for: bob)
            let share = try linkShare("https://example.com/nowhere", wall: "no-such-wall")

            await #expect(throws: StoreError.notFound("wall")) { try await store.save(share, for: alice) }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.save(linkShare("https://example.com/x", wall: UUID().uuidString), for: alice)
            }
            await #expect(throws: StoreError.notFound("wall")) {
                try await store.save(linkShare("https://example.com/x", wall: bobsWall.id.uuidString), for: alice)
            }
            #expect(try await store.itemIDs(for: alice).isEmpty)
            #expect(try await store.itemIDs(for: bob).isEmpty)

            // Once the wall exists, the same share id is accepted: the refusal left no trace.
            try await store.newWall("No such wall", for: alice)
            #expect(try await store.save(share, for: alice).kind == .created)
        }
    }

    // MARK: Isolation

    @Test("Shares are private to their user", arguments: StoreFactory.all)
    func sharesArePerUser(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let id = UUID()
            let alices = try await store.save(linkShare("https://example.com/shared", id: id, note: "a"), for: alice)

            let bobs = try await store.save(linkShare("https://example.com/shared", id: id, note: "a"), for: bob)

            #expect(bobs.kind == .created)
            #expect(bobs.item.id != alices.item.id)
            #expect(bobs.item.wallId != alices.item.wallId)
            #expect(try await store.item(id: bobs.item.id, userID: alice.id) == nil)
            #expect(try await store.item(id: alices.item.id, userID: bob.id) == nil)
            #expect(try await store.itemIDs(for: alice) == [alices.item.id])
            #expect(try await store.itemIDs(for: bob) == [bobs.item.id])

            // Share ids are per user: Alice's id with other content is no conflict for Bob.
            let otherID = UUID()
            try await store.save(linkShare("https://example.com/alice-only", id: otherID), for: alice)
            let bobsOther = try await store.save(linkShare("https://example.com/bob-only", id: otherID), for: bob)
            #expect(bobsOther.kind == .created)
            #expect(try await store.itemIDs(for: alice).count == 2)
            #expect(try await store.itemIDs(for: bob).count == 2)
        }
    }
}
