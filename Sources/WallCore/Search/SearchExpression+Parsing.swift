import Foundation

extension SearchExpression {
    /// Parses a search: words, `"exact phrases"`, the operators `tag:`, `kind:`, `wall:`,
    /// `site:`, `has:`, `before:`, `after:` and `is:` (a value may be quoted: `tag:"to read"`),
    /// a leading `-` negating a term, and `OR` between two terms.
    ///
    /// An unknown operator, a value an operator does not take, an empty value and an `OR` without
    /// a term on each side are refused with a `ValidationError` on `q` naming it; nothing is
    /// silently dropped. A word followed by `//` (`https://…`) is text, not an operator.
    public init(parsing text: String) throws {
        var clauses: [[SearchTerm]] = []
        var joinNext = false
        var tokens = SearchTokens(text)
        while let token = try tokens.next() {
            switch token {
            case .or:
                guard !clauses.isEmpty, !joinNext else { throw Self.refusal("OR needs a term on each side.") }
                joinNext = true
            case .term(let term):
                if joinNext {
                    clauses[clauses.count - 1].append(term)
                    joinNext = false
                } else {
                    clauses.append([term])
                }
            }
        }
        if joinNext { throw Self.refusal("OR needs a term on each side.") }
        self.init(clauses: clauses)
    }

    /// The refusal of a search, on the `q` parameter.
    static func refusal(_ message: String) -> ValidationError {
        .invalid("q", message)
    }

    /// The condition `name:value` makes, or the refusal naming the operator.
    static func condition(operator name: String, value: String) throws -> SearchCondition {
        func one<Value: RawRepresentable & CaseIterable>(of _: Value.Type) throws -> Value where Value.RawValue == String {
            guard let found = Value(rawValue: value.lowercased()) else {
                let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
                throw refusal("\(name): takes one of \(allowed); not “\(value)”.")
            }
            return found
        }
        guard !value.isEmpty else { throw refusal("\(name): needs a value, as in \(name):\(example(name)).") }
        switch name {
        case "tag": return .tag(value)
        case "kind": return .kind(try one(of: SearchKind.self))
        case "wall": return .wall(value.lowercased())
        case "site": return .site(try host(value))
        case "has": return .has(try one(of: SearchField.self))
        case "is": return .state(try one(of: SearchState.self))
        case "before", "after":
            guard let day = SearchDay(Substring(value)) else { throw refusal("\(name): takes a day as YYYY-MM-DD; not “\(value)”.") }
            return name == "before" ? .before(day) : .after(day)
        default:
            let known = operators.map { "\($0):" }.joined(separator: " ")
            throw refusal("“\(name):” is not a search operator; these are: \(known).")
        }
    }

    /// The operators, in the order the refusals list them.
    public static let operators = ["tag", "kind", "wall", "site", "has", "before", "after", "is"]

    /// The values of the operators that take one of a fixed few (what a search box offers as
    /// one types `kind:`, `has:` or `is:`).
    public static let operatorValues: [String: [String]] = [
        "kind": SearchKind.allCases.map(\.rawValue),
        "has": SearchField.allCases.map(\.rawValue),
        "is": SearchState.allCases.map(\.rawValue),
    ]

    private static func example(_ name: String) -> String {
        switch name {
        case "kind": "pdf"
        case "site": "github.com"
        case "has": "note"
        case "before", "after": "2026-01-31"
        case "is": "shared"
        default: "NAME"
        }
    }

    /// `site:`'s host, lower-cased, without `www.`: letters, digits, `-` and dots between labels.
    private static func host(_ value: String) throws -> String {
        var host = value.lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !host.isEmpty && labels.allSatisfy { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
        guard valid else { throw refusal("site: takes a host, as in site:github.com; not “\(value)”.") }
        return host
    }
}
