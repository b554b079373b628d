import Foundation
import WallCore

/// The full-text part of a search as both stores' indexes understand it: words and phrases
/// (from `SearchExpression`, which splits them as `SearchWords` does), all of which must match.
///
/// Words match as prefixes (`conc` finds "concurrency"); phrases match those words in that
/// order. Case and diacritics are ignored. A term is letters and digits only, so nothing in it
/// is either index's operator syntax.
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

    /// A query of these terms (at least one).
    init(terms: [Term]) {
        self.terms = terms
    }
}
