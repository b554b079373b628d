import Foundation

/// The file formats an import reads, told apart by their content (never by the file's name).
public enum ImportFormat: String, Sendable, CaseIterable {
    /// The bookmark HTML every browser exports (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`), and
    /// linkding's and most other tools' HTML exports.
    case netscapeHTML = "netscape-html"
    /// Pocket's CSV export (`title,url,time_added,tags,status`).
    case pocketCSV = "pocket-csv"
    /// linkding's JSON (its API's bookmark list: `results` of `url`, `tag_names`, `date_added`…).
    case linkdingJSON = "linkding-json"
    /// Karakeep's (formerly Hoarder's) JSON export (`bookmarks` with `content`).
    case karakeepJSON = "karakeep-json"
    /// Our own JSON export (`"format": "digitalwall-export"`).
    case digitalWallJSON = "digitalwall-json"
    /// One web address per line (blank lines and `#` comments skipped).
    case urlList = "url-list"

    /// Which format `text` is in, from its first meaningful characters; `nil` when none fits.
    public static func detect(_ text: String) -> ImportFormat? {
        let head = String(text.prefix(4_096)).trimmingWhitespacePrefix()
        let lower = head.lowercased()
        if lower.hasPrefix("<!doctype netscape") || lower.hasPrefix("<") && (lower.contains("<dl") || lower.contains("<a ")) {
            return .netscapeHTML
        }
        if head.hasPrefix("{") || head.hasPrefix("[") { return JSONFormats.detect(text) }
        let firstLine = lower.prefix { $0 != "\n" && $0 != "\r" }
        let columns = firstLine.split(separator: ",").map { $0.trimmingCharacters(in: .init(charactersIn: "\" ")) }
        if columns.count > 1 && columns.contains("url") { return .pocketCSV }
        if lower.contains("http://") || lower.contains("https://") { return .urlList }
        return nil
    }
}

extension String {
    /// The string without leading whitespace and line breaks.
    func trimmingWhitespacePrefix() -> String {
        String(drop { $0.isWhitespace || $0.isNewline })
    }
}
