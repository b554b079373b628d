import Foundation
import WallCore

/// A full-text query as both stores understand it.
///
/// Semantics: the query is split into words and "quoted phrases"; an item matches when it
/// contains every one of them (AND). Words match as prefixes (`conc` finds "concurrency");
/// phrases match those words in that order. Case and diacritics are ignored. Punctuation
/// separates words. Nothing in the query is operator syntax, so any input is safe.
public struct SearchQuery: Sendable, Equatable {
    /// One part of the query.
    public enum Term: Sendable, Equatable {
        /// A word, matched as a prefix.
        case word(String)
        /// Words that must appear together, in order.
        case phrase([String])
    }

    /// The parts, all of which must match.
    public var terms: [Term]

    /// Parses a query; `nil` when it holds no words.
    public init?(_ text: String) {
        var terms: [Term] = []
        for (index, chunk) in text.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            let words = Self.words(in: chunk)
            if index % 2 == 1, words.count > 1 {
                terms.append(.phrase(words))
            } else {
                terms += words.map(Term.word)
            }
        }
        guard !terms.isEmpty else { return nil }
        self.terms = terms
    }

    /// Lower-cased runs of letters and digits.
    static func words(in text: Substring) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }
}
