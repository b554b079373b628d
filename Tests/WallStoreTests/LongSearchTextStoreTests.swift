import Foundation
import PostgresNIO
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

    /// Runs `body` on a fresh store of `factory` with a new user, the longest shared text of wide
    /// words, and a found text of `foundLength` characters sharing no word with it.
    private func withWideTexts(
        _ factory: StoreFactory, foundLength: Int,
        _ body: @escaping (any WallStore, User, _ shared: (text: String, first: String), _ found: (text: String, first: String)) async throws -> Void
    ) async throws {
        let shared = Self.wideText(characters: Limits.maxTextLength, second: 0x5000)
        let found = Self.wideText(characters: foundLength, second: 0x6000)
        try await factory.withStore { store in try await body(store, try await store.newUser(), shared, found) }
    }

    @Test("A PDF's longest text beside the longest shared text", arguments: StoreFactory.all)
    func fileTextBesideSharedText(_ factory: StoreFactory) async throws {
        try await withWideTexts(factory, foundLength: Limits.maxTextLength) { store, alice, shared, found in
            let metadata = try ShareRequest(contentType: .file, text: shared.text, source: .cli).validated(attachmentCount: 1)
            let file = ItemFile(sha256: String(repeating: "a", count: 64), size: 10, contentType: "application/pdf")
            let saved = try await store.saveFileShare(ValidFileShare(metadata: metadata, files: [file]), userID: alice.id)[0].item
            let updated = try await store.updateItemFile(id: saved.id, userID: alice.id, file: file, text: found.text, state: .ready)
            #expect(updated?.state == .ready)
            try await expectFound(saved.id, byEachOf: [shared.first, found.first], in: store, for: alice)
        }
    }

    @Test("A page's longest readable text beside the longest shared text, kept through an edit", arguments: StoreFactory.all)
    func pageTextBesideSharedText(_ factory: StoreFactory) async throws {
        try await withWideTexts(factory, foundLength: Limits.maxReadableTextLength) { store, alice, shared, page in
            let saved = try await store.save(try textShare(shared.text, url: "https://example.com/wide"), for: alice).item
            let preview = LinkPreview(title: "Wide", readableText: page.text)
            let enriched = try await store.recordEnrichment(itemID: saved.id, userID: alice.id, state: .ready, preview: preview)
            #expect(enriched?.state == .ready)
            try await store.update(saved.id, ItemPatch(title: .set("Still wide")), for: alice)
            try await expectFound(saved.id, byEachOf: [shared.first, page.first, "still"], in: store, for: alice)
        }
    }

    /// A text of `characters` made of `first` and then words of `letter` and 300 × `ⅷ`
    /// (`unaccent` makes each `ⅷ` "viii", 4 bytes from 3), numbered so no two are alike.
    static func stretchingText(characters: Int, first: String, letter: String) -> String {
        var words = [first]
        var length = first.count
        while length + 306 <= characters {
            let word = "\(letter)\(words.count)" + String(repeating: "ⅷ", count: 300)
            words.append(word)
            length += word.count + 1
        }
        return words.joined(separator: " ")
    }

    @Test("Own and found words that unaccent makes longer stay within a tsvector together", arguments: StoreFactory.all)
    func unaccentedWordsStayWithinTheLimit(_ factory: StoreFactory) async throws {
        let shared = Self.stretchingText(characters: Limits.maxTextLength, first: "sharedstart", letter: "w")
        let page = Self.stretchingText(characters: Limits.maxReadableTextLength, first: "pagestart", letter: "p")
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let saved = try await store.save(try textShare(shared, url: "https://example.com/stretched"), for: alice).item
            let enriched = try await store.recordEnrichment(
                itemID: saved.id, userID: alice.id, state: .ready, preview: LinkPreview(title: "Stretched", readableText: page)
            )
            #expect(enriched?.state == .ready)
            try await expectFound(saved.id, byEachOf: ["sharedstart", "pagestart"], in: store, for: alice)
        }
    }

    @Test("A word unaccent would stretch past PostgreSQL's longest is not stored damaged",
          .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
    func stretchedWordIsNotStoredDamaged() async throws {
        try await withPostgresReplicas(1) { replicas, database in
            let store = replicas[0]
            let alice = try await store.newUser()
            let text = "plain " + String(repeating: "ⅷ", count: 600)
            _ = try await store.save(try textShare(text), for: alice)
            // A damaged lexeme fails to read back from its text form (and so fails a dump's restore).
            let lexemes = try await database.strings("SELECT length((search::text)::tsvector)::text FROM items")
            #expect(lexemes == ["1"])
        }
    }

    /// Waits until a search for each of `words` finds `item` alone: SQLite indexes a moment
    /// after a write (bounded).
    private func expectFound(_ item: UUID, byEachOf words: [String], in store: any WallStore, for user: User) async throws {
        for _ in 0..<200 {
            var missing = 0
            for word in words {
                if try await store.search(word, for: user) != [item] { missing += 1 }
            }
            if missing == 0 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        for word in words { #expect(try await store.search(word, for: user) == [item], "searching \(word)") }
    }
}
