import Foundation
import WallCore

/// How both stores keep a link's preview: JSON text in the item's `preview` column, without the
/// readable text (that has a column of its own, read only for a single item's detail).
enum PreviewColumn {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()

    /// The column value for a preview (nil for none).
    static func encode(_ preview: LinkPreview?) throws -> String? {
        guard var preview else { return nil }
        preview.readableText = nil
        return String(decoding: try encoder.encode(preview), as: UTF8.self)
    }

    /// The preview in a column value.
    static func decode(_ text: String?) throws -> LinkPreview? {
        guard let text else { return nil }
        do {
            return try decoder.decode(LinkPreview.self, from: Data(text.utf8))
        } catch {
            throw CorruptRow(detail: "unreadable link preview: \(error)")
        }
    }

    /// The words search finds an item by from its preview (title, description, site, text).
    static func searchText(_ preview: LinkPreview?) -> String? {
        guard let preview else { return nil }
        let text = preview.searchText
        return text.isEmpty ? nil : text
    }
}
