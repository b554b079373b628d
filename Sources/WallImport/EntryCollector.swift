import Foundation
import WallCore

/// Gathers what a parser reads: derives ids for entries from files that have none, applies the
/// options' wall, and checks each entry with the share rules so bad ones are reported by place.
struct EntryCollector {
    let format: ImportFormat
    let options: ImportOptions
    private(set) var entries: [ParsedEntry] = []
    private(set) var problems: [ImportProblem] = []
    var walls: [ImportWall] = []

    init(format: ImportFormat, options: ImportOptions) {
        self.format = format
        self.options = options
    }

    /// Adds a link or passage read from a file without ids.
    mutating func add(
        at location: String, url: String?, text: String? = nil, title: String?, note: String? = nil,
        tags: [String] = [], wall: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil
    ) {
        let kind: ItemKind = url == nil && text != nil ? .text : .url
        let wall = wall ?? options.wall
        let key = url.flatMap { try? URLCanonicalizer.canonicalize($0).canonical } ?? url
        let id = ImportEntry.derivedID(kind: kind, url: key, text: text, wall: wall)
        // Titles are one line: exports wrap long ones.
        let title = title.map { $0.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ") }
        add(ImportEntry(
            id: id, contentType: kind, url: url, text: text, title: title, userNote: note, wall: wall,
            tags: tags, createdAt: createdAt, updatedAt: updatedAt
        ), at: location)
    }

    /// Adds an entry as it is, after checking it.
    mutating func add(_ entry: ImportEntry, at location: String) {
        do {
            _ = try entry.validated()
            entries.append(ParsedEntry(entry: entry, location: location))
        } catch {
            problems.append(ImportProblem(location: location, reason: error.message))
        }
    }

    /// Records an entry that could not be read.
    mutating func skip(at location: String, _ reason: String) {
        problems.append(ImportProblem(location: location, reason: reason))
    }

    /// The result; entries from other tools are put in date order (undated ones first, in file
    /// order), so the newest ends up highest on the wall; our own export keeps its order.
    func result(keepingOrder: Bool) -> ParsedImport {
        var ordered = entries
        if !keepingOrder {
            ordered = entries.enumerated().sorted { left, right in
                let a = left.element.entry.createdAt ?? .distantPast, b = right.element.entry.createdAt ?? .distantPast
                return a != b ? a < b : left.offset < right.offset
            }.map(\.element)
        }
        return ParsedImport(format: format, encoding: .utf8, entries: ordered, walls: walls, problems: problems)
    }
}
