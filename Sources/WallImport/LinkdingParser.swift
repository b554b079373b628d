import Foundation

/// Reads linkding's JSON (its API's bookmark list, `{"results": [...]}` or a bare list): `url`,
/// `title`, `description` and `notes` (kept together as the note), `tag_names`, `date_added`,
/// `date_modified`.
enum LinkdingParser {
    static func parse(_ text: String, into collector: inout EntryCollector) throws(ImportFileError) {
        let list = try JSONFormats.list(try JSONFormats.object(text), key: "results")
        for (index, value) in list.enumerated() {
            let location = "entry \(index + 1)"
            guard let bookmark = value as? [String: Any] else {
                collector.skip(at: location, "The entry is not a JSON object.")
                continue
            }
            guard let url = JSONFormats.string(bookmark, "url") else {
                collector.skip(at: location, "The entry has no url.")
                continue
            }
            let note = [JSONFormats.string(bookmark, "description"), JSONFormats.string(bookmark, "notes")]
                .compactMap { $0 }.joined(separator: "\n\n")
            let created = ImportDates.any(bookmark["date_added"])
            collector.add(
                at: location, url: url,
                title: JSONFormats.string(bookmark, "title") ?? JSONFormats.string(bookmark, "website_title"),
                note: note.isEmpty ? nil : note, tags: JSONFormats.strings(bookmark, "tag_names"),
                createdAt: created, updatedAt: ImportDates.any(bookmark["date_modified"]) ?? created
            )
        }
    }
}
