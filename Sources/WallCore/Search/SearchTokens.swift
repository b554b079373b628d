import Foundation

/// The terms of a search, one at a time, as `SearchExpression(parsing:)` reads them.
struct SearchTokens {
    /// One piece of a search.
    enum Token: Equatable {
        /// A term (a word, a phrase or an operator with its value, maybe negated).
        case term(SearchTerm)
        /// `OR`, between two terms.
        case or
    }

    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    /// The next token, nil at the end; throws the refusal of a malformed operator.
    mutating func next() throws -> Token? {
        while true {
            skipSpaces()
            guard index < characters.count else { return nil }
            let start = index
            var negated = false
            if characters[index] == "-", index + 1 < characters.count, !characters[index + 1].isWhitespace {
                negated = true
                index += 1
            }
            if characters[index] == "\"" {
                let words = SearchWords.of(quoted())
                guard let condition = SearchWords.condition(words) else { continue }
                return .term(SearchTerm(condition, negated: negated))
            }
            let bare = readBare()
            if !negated, bare == "OR", index - start == 2 { return .or }
            if let colon = bare.firstIndex(of: ":"), colon > bare.startIndex,
               bare[..<colon].allSatisfy({ $0.isASCII && $0.isLetter }),
               !bare[bare.index(after: colon)...].hasPrefix("//") {
                let name = bare[..<colon].lowercased()
                var value = String(bare[bare.index(after: colon)...])
                if value.isEmpty, index < characters.count, characters[index] == "\"" { value = quoted() }
                let condition = try SearchExpression.condition(operator: name, value: value.trimmingCharacters(in: .whitespaces))
                return .term(SearchTerm(condition, negated: negated))
            }
            guard let condition = SearchWords.condition(SearchWords.of(bare)) else { continue }
            return .term(SearchTerm(condition, negated: negated))
        }
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    /// The characters up to the next space or quote.
    private mutating func readBare() -> String {
        let start = index
        while index < characters.count, !characters[index].isWhitespace, characters[index] != "\"" { index += 1 }
        return String(characters[start..<index])
    }

    /// What stands between the quote at `index` and the next one (or the end).
    private mutating func quoted() -> String {
        index += 1
        let start = index
        while index < characters.count, characters[index] != "\"" { index += 1 }
        let text = String(characters[start..<index])
        if index < characters.count { index += 1 }
        return text
    }
}

/// Words as both stores index them: lower-cased runs of letters and digits.
public enum SearchWords {
    /// The words of `text`.
    public static func of(_ text: some StringProtocol) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// One word, or a phrase of several; nil for none (punctuation alone).
    static func condition(_ words: [String]) -> SearchCondition? {
        switch words.count {
        case 0: nil
        case 1: .word(words[0])
        default: .phrase(words)
        }
    }
}
