import Foundation
import Hummingbird
import WallCore
import WallStore

extension ItemQuery {
    /// Reads `wall`, `kind`, `tag`, `q`, `cursor` and `limit` from a query string; 400 naming the
    /// parameter when one is malformed.
    init(parameters: Parameters) throws {
        self.init()
        if let raw = parameters.get("limit") {
            guard let limit = Int(raw), (1...Limits.maxPageSize).contains(limit) else {
                throw ValidationError.invalid("limit", "limit must be a whole number from 1 to \(Limits.maxPageSize).")
            }
            self.limit = limit
        }
        if let raw = parameters.get("kind") {
            guard let kind = ItemKind(rawValue: raw) else {
                let kinds = ItemKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError.invalid("kind", "kind must be one of \(kinds).")
            }
            self.kind = kind
        }
        if let raw = parameters.get("cursor"), !raw.isEmpty { cursor = try ItemCursor(encoded: raw) }
        wall = try Self.text(parameters, "wall", limit: Limits.maxWallNameLength)
        tag = try Self.text(parameters, "tag", limit: Limits.maxTagLength)?.lowercased()
        search = try Self.text(parameters, "q", limit: Limits.maxSearchQueryLength)
            .map(SearchExpression.init(parsing:)).flatMap { $0.clauses.isEmpty ? nil : $0 }
    }

    private static func text(_ parameters: Parameters, _ name: String, limit: Int) throws -> String? {
        guard let value = parameters.get(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        guard TextRules.fits(value, limit: limit), !value.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw ValidationError.invalid(name, "\(name) must be at most \(limit) characters of text.")
        }
        return value
    }
}
