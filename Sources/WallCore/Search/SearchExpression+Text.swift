import Foundation

extension SearchExpression {
    /// The expression written back in the language, as `SearchExpression(parsing:)` reads it
    /// (lower-cased words; `OR` between the terms of a clause): what a filter chip shows and
    /// what a search without one of its clauses is linked as.
    public var text: String {
        clauses.map(Self.text(of:)).joined(separator: " ")
    }

    /// One clause written back, its terms joined by `OR`.
    public static func text(of clause: [SearchTerm]) -> String {
        clause.map(\.text).joined(separator: " OR ")
    }

    /// The expression without its clause at `index`.
    public func removingClause(at index: Int) -> SearchExpression {
        var clauses = clauses
        clauses.remove(at: index)
        return SearchExpression(clauses: clauses)
    }
}

extension SearchTerm {
    /// The term written back in the language, with its leading `-` when negated.
    public var text: String {
        (negated ? "-" : "") + condition.text
    }
}

extension SearchCondition {
    /// The condition written back in the language.
    public var text: String {
        switch self {
        case .word(let word): word
        case .phrase(let words): "\"" + words.joined(separator: " ") + "\""
        case .tag(let tag): "tag:" + Self.value(tag)
        case .kind(let kind): "kind:" + kind.rawValue
        case .wall(let wall): "wall:" + Self.value(wall)
        case .site(let host): "site:" + host
        case .has(let field): "has:" + field.rawValue
        case .before(let day): "before:" + day.text
        case .after(let day): "after:" + day.text
        case .state(let state): "is:" + state.rawValue
        }
    }

    /// An operator's value, quoted when a space or a quote would end it.
    private static func value(_ value: String) -> String {
        value.contains(where: { $0.isWhitespace || $0 == "\"" }) ? "\"" + value.filter { $0 != "\"" } + "\"" : value
    }
}

extension SearchDay {
    /// The day as `YYYY-MM-DD`.
    public var text: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
