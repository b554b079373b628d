import Testing
import WallWeb

/// Search marks follow the search's rules: word prefixes, any case, any diacritics.
@Suite struct HighlighterTests {
    private func marked(_ text: String, _ query: String) -> String {
        Highlighter(query: query).parts(text).map { $0.match ? "[\($0.text)]" : $0.text }.joined()
    }

    @Test func marksWordPrefixes() {
        #expect(marked("Structured concurrency, concise code", "conc") == "Structured [conc]urrency, [conc]ise code")
        #expect(marked("Swift and SWIFTLY", "swift") == "[Swift] and [SWIFT]LY")
        #expect(marked("unconcerned", "conc") == "unconcerned", "only the start of a word matches")
    }

    @Test func ignoresCaseAndDiacritics() {
        #expect(marked("Crème brûlée", "creme brulee") == "[Crème] [brûlée]")
        #expect(marked("CAFÉ", "cafe") == "[CAFÉ]")
    }

    @Test func prefersTheLongestWord() {
        #expect(marked("concurrency", "con concurr") == "[concurr]ency")
    }

    @Test func noQueryMarksNothing() {
        #expect(Highlighter(query: nil).parts("anything") == [TextPart("anything")])
        #expect(Highlighter(query: "  ,, ").parts("anything") == [TextPart("anything")])
        #expect(!Highlighter(query: "").isActive)
    }

    @Test func keepsEveryCharacter() {
        let text = "🙂 emoji, «quotes» and <tags> & ampersands: conc!"
        #expect(Highlighter(query: "conc quotes").parts(text).map(\.text).joined() == text)
    }

    @Test func findsTheFirstMatch() {
        let text = "alpha beta gamma"
        let index = Highlighter(query: "gam").firstMatch(in: text)
        #expect(index.map { text[$0...] } == "gamma")
        #expect(Highlighter(query: "zeta").firstMatch(in: text) == nil)
    }
}
