import Foundation
import WallCore

/// One item as a line of `dwall ls` and `dwall search`: id, date, kind, what it is, tags.
enum ItemLine {
    static func format(_ item: Item) -> String {
        var parts = [item.id.uuidString.lowercased(), WallJSON.formatDate(item.updatedAt), item.kind.rawValue]
        switch (item.title, item.url, item.text) {
        case (let title?, let url?, _): parts.append("\(snippet(title)) <\(url)>")
        case (nil, let url?, nil): parts.append(url)
        case (_, _, let text?): parts.append(snippet(text))
        case (let title?, nil, nil): parts.append(snippet(title))
        default: break
        }
        if !item.tags.isEmpty { parts.append(item.tags.map { "#" + $0 }.joined(separator: " ")) }
        return parts.joined(separator: "  ")
    }

    /// The text on one line, shortened to about 80 characters.
    static func snippet(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= 80 ? line : String(line.prefix(79)) + "…"
    }
}
