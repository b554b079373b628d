import Testing
@testable import WallStore

/// PostgreSQL's search document splits ASCII text byte by byte into the same words as it splits
/// any text character by character (as `SearchQuery` does).
@Suite struct SearchDocumentWordsTests {
    @Test func asciiWordsAreTheCharacterWords() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = (0...0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["\r\n", "ab", "Z9", "  "]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }.joined()
            #expect(SearchDocument.words(in: text) == SearchDocument.characterWords(in: text), "\(text.debugDescription)")
        }
        let link = "https://example.com/bench/12/1/3456?q=Mixed-Case_words"
        #expect(SearchDocument.words(in: link).map(String.init)
            == ["https", "example", "com", "bench", "12", "1", "3456", "q", "Mixed", "Case", "words"])
    }

    @Test func otherTextIsSplitByCharacters() {
        let text = "Café crème, naïve 東京 ٣٤ and 𝟘"
        #expect(SearchDocument.words(in: text) == SearchDocument.characterWords(in: text))
        #expect(SearchDocument(title: "Café au LAIT", note: nil, text: nil, url: "https://Example.com/A", tags: ["Bench"]).text
            == "café au lait https example com a bench")
    }

    @Test("A word's bytes as PostgreSQL may index it: ASCII as it is, any other scalar at least five")
    func indexedBytesAllowForUnaccent() {
        #expect(SearchDocument.indexedBytes(of: "viii") == 4)
        #expect(SearchDocument.indexedBytes(of: "ⅷ") == 5)
        #expect(SearchDocument.indexedBytes(of: "café") == 3 + 5)
        #expect(SearchDocument.indexedBytes(of: "日本") == 10)
        #expect(SearchDocument.indexedBytes(of: "🦘") == 5)
    }

    @Test("A word unaccent would stretch past PostgreSQL's longest is left out; one within it stays")
    func stretchedWordsAreLeftOut() {
        let stretched = String(repeating: "ⅷ", count: 600)  // 1,800 bytes; 2,400 once unaccented
        let within = String(repeating: "ⅷ", count: 409)  // 2,045 counted
        let document = SearchDocument(title: nil, note: nil, text: "keep \(stretched) \(within)", url: nil, tags: [])
        #expect(document.text == "keep \(within)")
    }
}
