import Foundation
import WallCore

/// Reads our own JSON export: walls with their order, and every item with its id, dates, notes
/// and tags; items keep their ids, so importing the export twice adds nothing.
enum DigitalWallParser {
    static func parse(_ text: String, into collector: inout EntryCollector) throws(ImportFileError) {
        let document: ExportDocument
        do {
            document = try WallJSON.decoder().decode(ExportDocument.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw ImportFileError("The export can't be read: \(describe(error))")
        } catch {
            throw ImportFileError("The export can't be read: \(error)")
        }
        guard document.version == 1 else {
            throw ImportFileError("This export is version \(document.version); this dwall reads version 1.")
        }
        let slugs = Dictionary(document.walls.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        collector.walls = document.walls.filter { !$0.isDefault }.map {
            ImportWall(slug: $0.slug, name: $0.name, position: $0.position)
        }
        for (index, item) in document.items.enumerated() {
            let location = "entry \(index + 1)"
            guard item.kind == .url || item.kind == .text else {
                collector.skip(at: location, "\(item.kind.rawValue) items need their files: export and import them with --with-files.")
                continue
            }
            let wall = slugs[item.wallId]
            guard wall != nil || collector.options.wall != nil else {
                collector.skip(at: location, "The item's wall is not in the export's list of walls.")
                continue
            }
            collector.add(ImportEntry(
                id: item.id, contentType: item.kind, url: item.url, text: item.text, title: item.title,
                userNote: item.userNote, wall: collector.options.wall ?? (wall!.isDefault ? nil : wall!.slug),
                tags: item.tags, createdAt: item.createdAt, updatedAt: item.updatedAt, sharedAt: item.sharedAt,
                source: item.source
            ), at: location)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context): "\(path(context.codingPath + [key])) is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context): "\(path(context.codingPath)) has the wrong type."
        case .dataCorrupted(let context): "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: "\(error)"
        }
    }

    /// `items[3].url` → "entry 4's url", so the place reads like the other formats'.
    private static func path(_ keys: [any CodingKey]) -> String {
        var parts: [String] = []
        for key in keys {
            if let index = key.intValue { parts.append("[\(index + 1)]") } else { parts.append(key.stringValue) }
        }
        return parts.isEmpty ? "the file" : parts.joined(separator: ".")
    }
}
