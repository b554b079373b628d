import Foundation

/// A search as a person types it in any client (`q` on `GET /v1/items`, the web wall's box,
/// `dwall search`, the iOS app), parsed once here (`SearchExpression(parsing:)`) for both stores.
///
/// Every clause must match (AND); a clause matches when any of its terms does (`OR` between two
/// terms joins them into one clause, so `a OR b c` is (a or b) and c). A term may be negated.
public struct SearchExpression: Sendable, Equatable {
    /// The clauses, all of which must match; none in an empty search.
    public var clauses: [[SearchTerm]]

    /// Makes an expression of `clauses`.
    public init(clauses: [[SearchTerm]]) {
        self.clauses = clauses
    }
}

/// One term of a search: a condition, or (with a leading `-`) its opposite.
public struct SearchTerm: Sendable, Equatable {
    /// Whether the term asks for items the condition does *not* hold for.
    public var negated: Bool
    /// What the term asks of an item.
    public var condition: SearchCondition

    /// Makes a term.
    public init(_ condition: SearchCondition, negated: Bool = false) {
        self.condition = condition
        self.negated = negated
    }
}

/// What a term asks of an item.
public enum SearchCondition: Sendable, Equatable {
    /// A word of its text, matched as a prefix (`conc` finds "concurrency"), lower-cased.
    case word(String)
    /// Words that must stand together, in this order (a quoted phrase, or a word with
    /// punctuation inside, like `e-mail`), lower-cased.
    case phrase([String])
    /// `tag:NAME`: carries this tag.
    case tag(String)
    /// `kind:link|text|image|file|pdf`.
    case kind(SearchKind)
    /// `wall:SLUG`: on this wall.
    case wall(String)
    /// `site:HOST`: a link to this host or one of its subdomains (lower-cased, no `www.`).
    case site(String)
    /// `has:note|tags|file|text`.
    case has(SearchField)
    /// `before:YYYY-MM-DD`: saved before that day began (UTC).
    case before(SearchDay)
    /// `after:YYYY-MM-DD`: saved after that day ended (UTC).
    case after(SearchDay)
    /// `is:STATE` (`shared`: on a wall shared with or by the person).
    case state(SearchState)
}

/// The kinds `kind:` names: the item kinds, with `link` for a web page and `pdf` for a file that
/// is a PDF.
public enum SearchKind: String, Sendable, CaseIterable {
    /// A link to a web page (`ItemKind.url`).
    case link
    /// A passage of text.
    case text
    /// A picture.
    case image
    /// Any file (PDFs among them).
    case file
    /// A file that is a PDF.
    case pdf
}

/// The parts `has:` asks an item to have.
public enum SearchField: String, Sendable, CaseIterable {
    /// A note of the person's own.
    case note
    /// At least one tag.
    case tags
    /// A file (a picture or a document).
    case file
    /// Text: the passage, a page's readable text, or text read from a file.
    case text
}

/// The states `is:` names; later states (read, archived, broken) are added here, not parsed
/// apart.
public enum SearchState: String, Sendable, CaseIterable {
    /// On a wall shared with the person or by them.
    case shared
}

/// A calendar day of `before:` and `after:`, read as UTC.
public struct SearchDay: Sendable, Equatable, Comparable {
    /// The day's first instant (00:00 UTC).
    public var start: Date

    /// The instant the next day begins (the end of this one).
    public var end: Date { start.addingTimeInterval(86_400) }

    /// The day `text` names (`YYYY-MM-DD`, a real date), or nil.
    public init?(_ text: Substring) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar), let start = calendar.date(from: components) else { return nil }
        self.start = start
    }

    public static func < (left: SearchDay, right: SearchDay) -> Bool { left.start < right.start }
}

extension SearchExpression {
    /// The words a match is marked by: those of every word and phrase not negated.
    public var markedWords: [String] {
        clauses.joined().filter { !$0.negated }.flatMap { term -> [String] in
            switch term.condition {
            case .word(let word): [word]
            case .phrase(let words): words
            default: []
            }
        }
    }
}
