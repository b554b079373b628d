import Foundation

/// Wall slugs: lower-case ASCII letters and digits joined by single hyphens, never a UUID.
public enum Slug {
    /// Longest slug.
    public static let maxLength = 64

    /// Checks a slug a client chose.
    public static func validate(_ raw: String, field: String = "slug") throws(ValidationError) -> String {
        let slug = raw.trimmingCharacters(in: .whitespaces)
        let pieces = slug.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed = !slug.isEmpty && slug.count <= maxLength
            && pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy(isSlugCharacter) }
        guard wellFormed else {
            throw .invalid(field, "\(field) must be lower-case letters and digits joined by hyphens, at most \(maxLength) characters.")
        }
        guard UUID(uuidString: slug) == nil else { throw .invalid(field, "\(field) cannot look like a wall id.") }
        return slug
    }

    /// Makes a slug from a display name ("Reading List!" → "reading-list"); "wall" when nothing is left,
    /// and prefixed with "wall-" when it would otherwise look like a wall id.
    public static func make(from name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        let words = folded.split(whereSeparator: { !isSlugCharacter($0) })
        let slug = String(words.joined(separator: "-").prefix(maxLength - 4))
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        if slug.isEmpty { return "wall" }
        // A slug that parses as a UUID would be read as a wall id, so the wall could not be found by it.
        return UUID(uuidString: slug) == nil ? slug : "wall-\(slug)"
    }

    private static func isSlugCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLowercase || character.isNumber)
    }
}
