import Foundation
import WallCore

/// Reads Netscape bookmark HTML: `<DT><A HREF ADD_DATE LAST_MODIFIED TAGS>title</A>`, an
/// optional `<DD>` description (kept as the note), inside `<DT><H3>folder</H3><DL>…</DL>` folders.
enum NetscapeParser {
    private struct Bookmark {
        var line: Int
        var attributes: [String: String]
        var title = ""
        var note = ""
        var folders: [String]
    }

    private enum Reading { case none, folderName, title, note }

    static func parse(_ text: String, into collector: inout EntryCollector) {
        var scanner = HTMLTagScanner(text)
        var folders: [String?] = []
        var pendingFolder: String?
        var folderName = ""
        var reading = Reading.none
        var bookmark: Bookmark?

        func finish(_ collector: inout EntryCollector) {
            guard let done = bookmark else { return }
            bookmark = nil
            add(done, into: &collector)
        }

        while let token = scanner.next() {
            switch token {
            case .text(let text):
                switch reading {
                case .folderName: folderName += text
                case .title: bookmark?.title += text
                case .note: bookmark?.note += text
                case .none: break
                }
            case .tag(let name, let isClosing, let attributes, let line):
                switch (name, isClosing) {
                case ("A", false):
                    finish(&collector)
                    bookmark = Bookmark(line: line, attributes: attributes, folders: folders.compactMap { $0 })
                    reading = .title
                case ("A", true):
                    reading = .none
                case ("DD", false):
                    if bookmark != nil { reading = .note }
                case ("H3", false):
                    finish(&collector)
                    let isRoot = attributes["PERSONAL_TOOLBAR_FOLDER"] != nil || attributes["UNFILED_BOOKMARKS_FOLDER"] != nil
                    folderName = ""
                    pendingFolder = isRoot ? nil : ""
                    reading = isRoot ? .none : .folderName
                case ("H3", true):
                    if pendingFolder != nil { pendingFolder = clean(folderName) }
                    reading = .none
                case ("DL", false):
                    finish(&collector)
                    folders.append(pendingFolder.flatMap { $0.isEmpty ? nil : $0 })
                    pendingFolder = nil
                    reading = .none
                case ("DL", true):
                    finish(&collector)
                    if !folders.isEmpty { folders.removeLast() }
                    reading = .none
                case ("DT", false), ("H1", false), ("HR", false):
                    finish(&collector)
                    reading = .none
                default:
                    break
                }
            }
        }
        finish(&collector)
    }

    private static func add(_ bookmark: Bookmark, into collector: inout EntryCollector) {
        let location = "line \(bookmark.line)"
        guard let href = bookmark.attributes["HREF"]?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty else {
            collector.skip(at: location, "The bookmark has no address (HREF).")
            return
        }
        let lower = href.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            let scheme = href.prefix { $0 != ":" }
            collector.skip(at: location, "Only web addresses are imported, not \(scheme): links.")
            return
        }
        var tags = (bookmark.attributes["TAGS"] ?? "").split(separator: ",").map { clean(String($0)) }
        var wall: String?
        switch collector.options.folders {
        case .tags: tags = bookmark.folders.map { String($0.prefix(Limits.maxTagLength)) } + tags
        case .walls: wall = bookmark.folders.last.map { String($0.prefix(Limits.maxWallNameLength)) }
        }
        let created = ImportDates.unix(bookmark.attributes["ADD_DATE"])
        collector.add(
            at: location, url: href, title: nonEmpty(clean(bookmark.title)), note: nonEmpty(bookmark.note.trimmingCharacters(in: .whitespacesAndNewlines)),
            tags: tags.filter { !$0.isEmpty }, wall: wall, createdAt: created,
            updatedAt: ImportDates.unix(bookmark.attributes["LAST_MODIFIED"]) ?? created
        )
    }

    /// Collapses runs of whitespace (titles and folder names span lines in some exports).
    private static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
