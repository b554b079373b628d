import Foundation

/// Reads Karakeep's (formerly Hoarder's) JSON export: `{"bookmarks": [{createdAt, title, tags,
/// note, content: {type: "link", url} | {type: "text", text}}]}`; assets (files) are reported.
enum KarakeepParser {
    static func parse(_ text: String, into collector: inout EntryCollector) throws(ImportFileError) {
        let list = try JSONFormats.list(try JSONFormats.object(text), key: "bookmarks")
        for (index, value) in list.enumerated() {
            let location = "entry \(index + 1)"
            guard let bookmark = value as? [String: Any] else {
                collector.skip(at: location, "The entry is not a JSON object.")
                continue
            }
            let content = bookmark["content"] as? [String: Any] ?? [:]
            let type = JSONFormats.string(content, "type")
            let url = JSONFormats.string(content, "url")
            let text = JSONFormats.string(content, "text")
            let title = JSONFormats.string(bookmark, "title")
            let created = ImportDates.any(bookmark["createdAt"])
            let tags = JSONFormats.strings(bookmark, "tags")
            let note = JSONFormats.string(bookmark, "note")
            switch type {
            case "link" where url != nil:
                collector.add(at: location, url: url, title: title, note: note, tags: tags, createdAt: created)
            case "text" where text != nil:
                collector.add(at: location, url: nil, text: text, title: title, note: note, tags: tags, createdAt: created)
            case "asset":
                collector.skip(at: location, "Files (assets) are not imported from Karakeep; only links and texts.")
            default:
                collector.skip(at: location, "The entry has no link or text content.")
            }
        }
    }
}
