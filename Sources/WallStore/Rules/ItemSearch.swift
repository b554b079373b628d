import Foundation
import WallCore

/// What a search (`SearchExpression`) asks of an item, in the terms both stores' SQL is written
/// in: decided here once, so SQLite and PostgreSQL only spell each case in their dialect.
indirect enum ItemFilter: Sendable, Equatable {
    /// Its words match this full-text query (title, text, note, tags, page and file text).
    case text(SearchQuery)
    /// It carries this tag (lower-cased).
    case tag(String)
    /// It is of this kind.
    case kind(ItemKind)
    /// Its file has this content type.
    case fileType(String)
    /// It is on one of these walls (none: the person sees no wall by that name).
    case walls([UUID])
    /// Its link's host is this one or one of its subdomains (`a.example.org` for `example.org`).
    case host(String)
    /// It has a note that is not empty.
    case hasNote
    /// It has at least one tag.
    case hasTags
    /// It carries a file.
    case hasFile
    /// It has text to read: a passage, a page's readable text, or text found in its file.
    case hasText
    /// It was saved before this instant.
    case savedBefore(Date)
    /// It was saved at this instant or later.
    case savedFrom(Date)
    /// It is on a wall that has members (shared by its owner, or with the person).
    case onSharedWall
    /// The filter does not hold.
    case not(ItemFilter)
    /// At least one of these holds.
    case any([ItemFilter])
    /// Every one of these holds.
    case all([ItemFilter])
}

/// A search as a store runs it: the plain words every match must contain (what the full-text
/// index finds first, and what decides whether a search starts from its matches), and the rest
/// of the expression as a filter.
struct ItemSearch: Sendable, Equatable {
    /// The words and phrases every match contains, nil when none stands alone un-negated.
    let words: SearchQuery?
    /// Everything else the search asks; nil when the words say it all.
    let filter: ItemFilter?

    /// `expression`, with each `wall:` resolved by `walls` to the walls the person sees by that
    /// slug or id. Nil for an expression with no clause at all.
    init?(_ expression: SearchExpression, walls: (String) throws -> [UUID]) rethrows {
        guard !expression.clauses.isEmpty else { return nil }
        var words: [SearchQuery.Term] = []
        var filters: [ItemFilter] = []
        for clause in expression.clauses {
            if clause.count == 1, !clause[0].negated, let term = Self.textTerm(clause[0].condition) {
                words.append(term)
                continue
            }
            let terms = try clause.map { term in
                let filter = try Self.filter(term.condition, walls: walls)
                return term.negated ? ItemFilter.not(filter) : filter
            }
            filters.append(terms.count == 1 ? terms[0] : .any(terms))
        }
        self.words = words.isEmpty ? nil : SearchQuery(terms: words)
        self.filter = filters.isEmpty ? nil : filters.count == 1 ? filters[0] : .all(filters)
    }

    /// The `wall:` values `expression` names, to resolve before `init`.
    static func wallRefs(in expression: SearchExpression) -> [String] {
        var slugs: [String] = []
        for term in expression.clauses.joined() {
            if case .wall(let slug) = term.condition, !slugs.contains(slug) { slugs.append(slug) }
        }
        return slugs
    }

    private static func textTerm(_ condition: SearchCondition) -> SearchQuery.Term? {
        switch condition {
        case .word(let word): .word(word)
        case .phrase(let words): .phrase(words)
        default: nil
        }
    }

    private static func filter(_ condition: SearchCondition, walls: (String) throws -> [UUID]) rethrows -> ItemFilter {
        switch condition {
        case .word(let word): return .text(SearchQuery(terms: [.word(word)]))
        case .phrase(let words): return .text(SearchQuery(terms: [.phrase(words)]))
        case .tag(let tag): return .tag(tag.lowercased())
        case .kind(.link): return .kind(.url)
        case .kind(.text): return .kind(.text)
        case .kind(.image): return .kind(.image)
        case .kind(.file): return .kind(.file)
        case .kind(.pdf): return .all([.kind(.file), .fileType("application/pdf")])
        case .wall(let ref): return .walls(try walls(ref))
        case .site(let host): return .host(host)
        case .has(.note): return .hasNote
        case .has(.tags): return .hasTags
        case .has(.file): return .hasFile
        case .has(.text): return .hasText
        case .before(let day): return .savedBefore(day.start)
        case .after(let day): return .savedFrom(day.end)
        case .state(.shared): return .onSharedWall
        }
    }
}
