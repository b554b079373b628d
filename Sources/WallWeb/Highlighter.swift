import Foundation
import WallCore

/// A run of text to show, marked when it matched the search.
public struct TextPart: Sendable, Equatable {
    /// The text (escaped by the template, never trusted as HTML).
    public var text: String
    /// Whether it matched a search word and is shown in `<mark>`.
    public var match: Bool

    /// Makes a part.
    public init(_ text: String, match: Bool = false) {
        self.text = text
        self.match = match
    }
}

/// Marks where a full-text query matched, by the search's own rules: words match as prefixes of
/// the text's words, ignoring case and diacritics.
public struct Highlighter: Sendable {
    private let words: [String]
    /// The folded query words that are all ASCII, as bytes (`Highlighter+ASCII`).
    let asciiWords: [[UInt8]]

    /// A highlighter for these query words (already split, lower-cased); none marks nothing.
    public init(words: [String]) {
        self.words = words.map(Self.fold).filter { !$0.isEmpty }
        asciiWords = self.words.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }
    }

    /// A highlighter for a search box's text: the words and phrases it asks for (not its
    /// operators or negated words), split as the search splits them.
    public init(query: String?) {
        self.init(words: query.flatMap { try? SearchExpression(parsing: $0) }?.markedWords ?? [])
    }

    /// Whether there is anything to mark.
    public var isActive: Bool { !words.isEmpty }

    /// `text` cut into parts, the matching prefixes of its words marked.
    public func parts(_ text: String) -> [TextPart] {
        guard isActive else { return [TextPart(text)] }
        if let matches = asciiMatches(in: text) { return Self.parts(text, at: matches) }
        var parts: [TextPart] = []
        var plainStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index].isLetter || text[index].isNumber else {
                index = text.index(after: index)
                continue
            }
            let wordEnd = text[index...].firstIndex(where: { !($0.isLetter || $0.isNumber) }) ?? text.endIndex
            if let matchEnd = matchEnd(in: text[index..<wordEnd]) {
                if plainStart < index { parts.append(TextPart(String(text[plainStart..<index]))) }
                parts.append(TextPart(String(text[index..<matchEnd]), match: true))
                plainStart = matchEnd
            }
            index = wordEnd
        }
        if plainStart < text.endIndex { parts.append(TextPart(String(text[plainStart...]))) }
        return parts
    }

    /// Where the first match in `text` starts, if there is one.
    public func firstMatch(in text: String) -> String.Index? {
        guard isActive else { return nil }
        if let matches = asciiMatches(in: text, firstOnly: true) {
            return matches.first.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0.lowerBound) }
        }
        var index = text.startIndex
        while index < text.endIndex {
            if text[index].isLetter || text[index].isNumber {
                let wordEnd = text[index...].firstIndex(where: { !($0.isLetter || $0.isNumber) }) ?? text.endIndex
                if matchEnd(in: text[index..<wordEnd]) != nil { return index }
                index = wordEnd
            } else {
                index = text.index(after: index)
            }
        }
        return nil
    }

    /// The end of the longest query word that `word` starts with; the whole word when folding
    /// changed its length (so the marked part can't be cut in the wrong place).
    private func matchEnd(in word: Substring) -> String.Index? {
        // ASCII folds to its lower case: Foundation's folding (ICU on Linux) is kept for the rest,
        // since it costs microseconds a word and a page of results has thousands of words.
        let folded = word.utf8.allSatisfy({ $0 < 0x80 }) ? word.lowercased() : Self.fold(String(word))
        guard let best = words.filter({ folded.hasPrefix($0) }).max(by: { $0.count < $1.count }) else { return nil }
        guard folded.count == word.count else { return word.endIndex }
        return word.index(word.startIndex, offsetBy: best.count)
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
