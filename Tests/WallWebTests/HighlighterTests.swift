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

    @Test func asciiTextIsMarkedAsTheGeneralPathMarksIt() {
        // "€" is not a word character, but it takes the text off the ASCII path: both paths
        // must mark the same words of the same text.
        var seed: UInt64 = 22
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = ["con", "Conc", "CONCISE", "swift", "Sw1ft", "42", "a", "", " ", ", ", "-", "'s", "\r\n", "_", "x9"]
        let queries = ["conc", "con concise", "SW sw1", "4 a", "swift's", "x"]
        for _ in 0..<300 {
            let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            let query = queries[next(queries.count)]
            #expect(marked(text, query) + "€" == marked(text + "€", query), "\(text) / \(query)")
            let highlighter = Highlighter(query: query)
            let first = highlighter.firstMatch(in: text).map { text.distance(from: text.startIndex, to: $0) }
            let general = highlighter.firstMatch(in: text + "€").map { (text + "€").distance(from: (text + "€").startIndex, to: $0) }
            #expect(first == general, "\(text) / \(query)")
        }
        #expect(Highlighter(query: "conc").parts("") == [])
        #expect(marked("Concise, CONCURRENT code", "conc") == "[Conc]ise, [CONC]URRENT code")
    }
}
