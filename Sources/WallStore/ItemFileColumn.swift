import Foundation
import WallCore

/// How both stores keep an item's `ItemFile`: one JSON text column, `file`.
enum ItemFileColumn {
    /// The column's text for a file (nil for items without one).
    static func encode(_ file: ItemFile?) throws -> String? {
        guard let file else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(file), as: UTF8.self)
    }

    /// The file in the column's text.
    static func decode(_ text: String?) throws -> ItemFile? {
        guard let text else { return nil }
        do {
            return try JSONDecoder().decode(ItemFile.self, from: Data(text.utf8))
        } catch {
            throw CorruptRow(detail: "unreadable item file \(text.prefix(80))")
        }
    }
}
