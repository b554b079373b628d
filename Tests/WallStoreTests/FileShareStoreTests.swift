import Foundation
import Testing
import WallCore
import WallStore

/// `saveFileShare`, `updateItemFile` and `referencedBlobHashes` on both stores.
@Suite("File shares")
struct FileShareStoreTests {
    private func file(_ byte: Character, name: String? = nil, type: String = "image/png") -> ItemFile {
        ItemFile(sha256: String(repeating: byte, count: 64), size: 10, contentType: type, name: name)
    }

    private func metadata(id: UUID = UUID(), count: Int, wall: String? = nil, text: String? = nil) throws -> ValidShare {
        try ShareRequest(id: id, contentType: .image, text: text, userNote: "receipts", wall: wall, source: .cli)
            .validated(attachmentCount: count)
    }

    @Test("Each file becomes an item holding its file, in one share", arguments: StoreFactory.all)
    func filesBecomeItems(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let files = [file("a", name: "one.png"), file("b", name: "two.pdf", type: "application/pdf")]
            let outcomes = try await store.saveFileShare(
                ValidFileShare(metadata: try metadata(count: 2), files: files), userID: alice.id
            )
            #expect(outcomes.map(\.kind) == [.created, .created])
            #expect(outcomes.map(\.item.file) == files)
            #expect(outcomes.map(\.item.kind) == [.image, .file])
            #expect(outcomes.map(\.item.title) == ["one.png", "two.pdf"])
            #expect(outcomes.allSatisfy { $0.item.userNote == "receipts" && $0.item.state == .pending })
            for outcome in outcomes {
                #expect(try await store.item(id: outcome.item.id, userID: alice.id) == outcome.item)
            }
            #expect(try await store.referencedBlobHashes() == Set(files.map(\.sha256)))
        }
    }

    @Test("The same share id again answers the same items and stores nothing new", arguments: StoreFactory.all)
    func replayIsIdempotent(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let share = ValidFileShare(metadata: try metadata(count: 2), files: [file("a"), file("b")])
            let first = try await store.saveFileShare(share, userID: alice.id)
            let again = try await store.saveFileShare(share, userID: alice.id)
            #expect(again.map(\.item) == first.map(\.item))
            #expect(again.allSatisfy { $0.kind == .replayed(duplicate: false) })
            #expect(try await store.allItems(for: alice).count == 2)
        }
    }

    @Test("The same share id with other bytes is a conflict", arguments: StoreFactory.all)
    func otherBytesConflict(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let id = UUID()
            _ = try await store.saveFileShare(ValidFileShare(metadata: try metadata(id: id, count: 1), files: [file("a")]), userID: alice.id)
            await #expect(throws: StoreError.self) {
                try await store.saveFileShare(ValidFileShare(metadata: try metadata(id: id, count: 1), files: [file("c")]), userID: alice.id)
            }
        }
    }

    @Test("An unknown wall stores none of the files", arguments: StoreFactory.all)
    func refusalStoresNothing(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let share = ValidFileShare(metadata: try metadata(count: 3, wall: "nowhere"), files: [file("a"), file("b"), file("c")])
            await #expect(throws: StoreError.notFound("wall")) { try await store.saveFileShare(share, userID: alice.id) }
            #expect(try await store.allItems(for: alice).isEmpty)
            #expect(try await store.referencedBlobHashes().isEmpty)
        }
    }

    @Test("Processing results are stored, searchable, and their blobs referenced", arguments: StoreFactory.all)
    func updateItemFile(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let saved = try await store.saveFileShare(
                ValidFileShare(metadata: try metadata(count: 1), files: [file("a", type: "application/pdf")]), userID: alice.id
            )[0].item
            var processed = try #require(saved.file)
            processed.thumbnail = String(repeating: "d", count: 64)
            processed.preview = String(repeating: "e", count: 64)
            let updated = try #require(
                try await store.updateItemFile(id: saved.id, userID: alice.id, file: processed, text: "Invoice quokka", state: .ready)
            )
            #expect(updated.file == processed)
            #expect(updated.state == .ready)
            #expect(try await store.item(id: saved.id, userID: alice.id) == updated)
            #expect(try await store.referencedBlobHashes() == Set(processed.blobHashes))
            try await eventually { try await store.search("quokka", for: alice) == [saved.id] }
            #expect(try await store.updateItemFile(id: UUID(), userID: alice.id, file: processed, text: nil, state: .ready) == nil)
            #expect(try await store.deleteItem(id: saved.id, userID: alice.id))
            #expect(try await store.referencedBlobHashes().isEmpty)
        }
    }

    @Test("A file's text is found beside what the person shared, which stays, through a rerun and an edit", arguments: StoreFactory.all)
    func fileTextBesideSharedText(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let saved = try await store.saveFileShare(
                ValidFileShare(metadata: try metadata(count: 1, text: "From Tuesday"), files: [file("a", type: "application/pdf")]),
                userID: alice.id
            )[0].item
            let processed = try #require(saved.file)
            let updated = try #require(
                try await store.updateItemFile(id: saved.id, userID: alice.id, file: processed, text: "Invoice quokka", state: .ready)
            )
            #expect(updated.text == "From Tuesday")
            #expect(try await store.item(id: saved.id, userID: alice.id)?.text == "From Tuesday")
            try await eventually {
                let byFile = try await store.search("quokka", for: alice)
                let byShared = try await store.search("tuesday", for: alice)
                return byFile == [saved.id] && byShared == [saved.id]
            }
            // A rerun that finds nothing keeps the words found before; so does an edit of the item.
            _ = try await store.updateItemFile(id: saved.id, userID: alice.id, file: processed, text: nil, state: .failed)
            try await store.update(saved.id, ItemPatch(title: .set("Tax")), for: alice)
            try await eventually {
                let byFile = try await store.search("quokka", for: alice)
                let byTitle = try await store.search("tax", for: alice)
                return byFile == [saved.id] && byTitle == [saved.id]
            }
        }
    }

    /// Search indexing on SQLite runs a moment after a write; waits for it (bounded).
    private func eventually(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<100 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await condition())
    }
}
