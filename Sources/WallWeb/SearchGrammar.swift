import Foundation
import Mustache
import WallCore

/// The search language as the search box's script offers it while one types: the operators
/// (`SearchExpression.operators`), the values of those that take one of a few, and the person's
/// wall slugs for `wall:`. Written from WallCore's grammar, so the page never lists its own.
struct SearchGrammar: Encodable {
    /// The operators, in the order the refusals list them.
    var operators = SearchExpression.operators
    /// The values each operator that takes one of a few can take.
    var values: [String: [String]]

    /// `{"operators": [...], "values": {"kind": [...], ..., "wall": [...]}}`.
    static func json(wallSlugs: [String]) -> String {
        var values = SearchExpression.operatorValues
        values["wall"] = wallSlugs
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(SearchGrammar(values: values))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// One clause of the search in force, shown as a chip that removes it.
public struct FilterChip: Sendable, Equatable {
    /// The clause as typed (`tag:tax OR kind:pdf`).
    public var label: String
    /// The page without it.
    public var removeHref: String

    /// Makes a chip.
    public init(label: String, removeHref: String) {
        self.label = label
        self.removeHref = removeHref
    }
}

extension FilterChip: MustacheParent {
    /// The value the wall's template asks for by name.
    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "removeHref": removeHref
        default: nil
        }
    }
}
