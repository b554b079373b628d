import Foundation
import Testing
import WallCore
@testable import WallStore

/// An item's own words and the words found for it (a link's page, a file's text), each as
/// long and as wide as a share may carry, are stored together and stay searchable: on
/// PostgreSQL their joined tsvector must stay under its 1 MB limit (`SearchDocument`).
@Suite("Long search texts")
struct LongSearchTextStoreTests {
    /// `count` different words of two CJK characters each (6 bytes), the widest a text of
    /// `Limits.maxTextLength` characters can make its tsvector; `second` picks the second
    /// character's block so two texts share no word.
    static func wideWords(_ count: Int, second: UInt32) -> [String] {
        (0..<count).map { index in
            let first = Unicode.Scalar(0x4E00 + UInt32(index % 20_000))!
            let next = Unicode.Scalar(second + UInt32(index / 20_000))!
            return String(Character(first)) + String(Character(next))
        }
    }

    /// A text of wide words filling `characters` (words of two characters and a space).
    static func wideText(characters: Int, second: UInt32) -> (text: String, first: String) {
        let words = wideWords(characters / 3, second: second)
        return (words.joined(separator: " "), words[0])
    }

    @Test("A PDF's longest text beside the longest shared text", arguments: StoreFactory.all)
    func fileTextBesideSharedText(_ factory: StoreFactory) async throws {
        let shared = Self.wideText(characters: Limits.maxTextLength, second: 0x5000)
        let found = Self.wideText(characters: Limits.maxTextLength, second: 0x6000)
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let metadata = try ShareRequest(contentType: .file, text: shared.text, source: .cli).validated(attachmentCount: 1)
            let file = ItemFile(sha256: String(repeating: "a", count: 64), size: 10, contentType: "application/pdf")
            let saved = try await store.saveFileShare(ValidFileShare(metadata: metadata, files: [file]), userID: alice.id)[0].item
            let updated = try await store.updateItemFile(id: saved.id, userID: alice.id, file: file, text: found.text, state: .ready)
            #expect(updated?.state == .ready)
            try await eventually {
                let byShared = try await store.search(shared.first, for: alice)
                let byFile = try await store.search(found.first, for: alice)
                return byShared == [saved.id] && byFile == [saved.id]
            }
        }
    }

    @Test("A page's longest readable text beside the longest shared text, kept through an edit", arguments: StoreFactory.all)
    func pageTextBesideSharedText(_ factory: StoreFactory) async throws {
        let shared = Self.wideText(characters: Limits.maxTextLength, second: 0x5000)
        let page = Self.wideText(characters: Limits.maxReadableTextLength, second: 0x6000)
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let saved = try await store.save(try textShare(shared.text, url: "https://example.com/wide"), for: alice).item
            let preview = LinkPreview(title: "Wide", readableText: page.text)
            let enriched = try await store.recordEnrichment(itemID: saved.id, userID: alice.id, state: .ready, preview: preview)
            #expect(enriched?.state == .ready)
            try await store.update(saved.id, ItemPatch(title: .set("Still wide")), for: alice)
            try await eventually {
                let byShared = try await store.search(shared.first, for: alice)
                let byPage = try await store.search(page.first, for: alice)
                let byTitle = try await store.search("still", for: alice)
                return byShared == [saved.id] && byPage == [saved.id] && byTitle == [saved.id]
            }
        }
    }

    /// Search indexing on SQLite runs a moment after a write; waits for it (bounded).
    private func eventually(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<200 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await condition())
    }
}
