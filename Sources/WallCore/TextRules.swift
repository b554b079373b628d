import Foundation

/// How free text from a client is cleaned and checked: trimmed, length-limited, no control characters.
public enum TextRules {
    /// Trims `value`; `nil` when absent or empty; throws when over `limit` characters (or over
    /// `Limits.maxBytesPerCharacter` times as many UTF-8 bytes) or holding control characters.
    ///
    /// `multiline` fields (text, notes) may hold line breaks and tabs; single-line fields may not.
    static func clean(
        _ value: String?, field: String, limit: Int, multiline: Bool
    ) throws(ValidationError) -> String? {
        guard let value else { return nil }
        let trimmed = String(value.trimmingWhitespace())
        if trimmed.isEmpty { return nil }
        guard !exceeds(trimmed, characters: limit) else {
            throw .invalid(field, "\(field) is longer than \(limit) characters.")
        }
        guard trimmed.utf8.count <= limit * Limits.maxBytesPerCharacter else {
            throw .invalid(
                field, "\(field) is longer than \(limit * Limits.maxBytesPerCharacter) bytes (\(limit) characters of plain text)."
            )
        }
        if let bad = trimmed.unicodeScalars.first(where: { isForbidden($0, multiline: multiline) }) {
            let code = String(bad.value, radix: 16, uppercase: true)
            throw .invalid(field, "\(field) contains a control character (U+\(code)).")
        }
        return trimmed
    }

    /// Whether `text` is within `limit` characters and `Limits.maxBytesPerCharacter` times as many
    /// UTF-8 bytes: the size rule of every text field, and of the item query's parameters.
    public static func fits(_ text: String, limit: Int) -> Bool {
        text.utf8.count <= limit * Limits.maxBytesPerCharacter && !exceeds(text, characters: limit)
    }

    /// Whether `text` has more than `limit` characters, counting no further than `limit + 1`.
    private static func exceeds(_ text: String, characters limit: Int) -> Bool {
        text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex).map { $0 < text.endIndex } ?? false
    }

    private static func isForbidden(_ scalar: Unicode.Scalar, multiline: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x09: return !multiline
        case 0x00...0x1F, 0x7F: return true
        default: return false
        }
    }

    /// Normalises tags: trimmed, inner whitespace collapsed, lower-cased, empty ones dropped, duplicates removed.
    static func tags(_ values: [String]?, field: String = "tags") throws(ValidationError) -> [String] {
        guard let values else { return [] }
        var seen = Set<String>()
        var result: [String] = []
        for (index, value) in values.enumerated() {
            let name = "\(field)[\(index)]"
            guard let cleaned = try clean(value, field: name, limit: Limits.maxTagLength, multiline: false) else {
                continue
            }
            let tag = cleaned.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
            if seen.insert(tag).inserted { result.append(tag) }
        }
        guard result.count <= Limits.maxTags else {
            throw .invalid(field, "At most \(Limits.maxTags) tags are allowed.")
        }
        return result
    }
}
