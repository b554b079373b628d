import Foundation
import WallCore

/// What a browser shared, as the share box, the bookmarklet or a share sheet sends it, made
/// into a share request: a link when there is one, else a passage.
struct SharedFields: Sendable, Equatable {
    var title: String?
    var text: String?
    var url: String?

    init(title: String?, text: String?, url: String?, findLink: Bool = true) {
        self.title = title.flatMap(Self.nonEmpty)
        self.text = text.flatMap(Self.nonEmpty)
        self.url = url.flatMap(Self.nonEmpty)
        // Share sheets often put the link in `text` (Android does); take it out of there.
        if findLink, self.url == nil, let text = self.text, let link = Self.firstLink(in: text) {
            self.url = link
            let rest = text.replacingOccurrences(of: link, with: "").trimmingCharacters(in: .whitespacesAndNewlines)
            self.text = rest.isEmpty ? nil : rest
        }
    }

    /// The share box's one field: a link alone is a link, anything else a passage.
    init(content: String) {
        let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        if !trimmed.contains(where: \.isWhitespace), lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            self.init(title: nil, text: nil, url: trimmed)
        } else {
            self.init(title: nil, text: trimmed.isEmpty ? nil : trimmed, url: nil, findLink: false)
        }
    }

    /// The request to save: a link share (with the passage, if any, as its note) or a text share.
    func shareRequest(id: UUID, note: String?, tags: [String]?, wall: String?, source: ShareSource) -> ShareRequest {
        let note = note.flatMap(Self.nonEmpty)
        let wall = wall.flatMap(Self.nonEmpty)
        if let url, text == nil || text == title {
            return ShareRequest(
                id: id, contentType: .url, url: url, title: title, userNote: note, wall: wall, tags: tags,
                source: source
            )
        }
        return ShareRequest(
            id: id, contentType: .text, url: url, text: text ?? title, title: text == nil ? nil : title,
            userNote: note, wall: wall, tags: tags, source: source
        )
    }

    /// The request for files shared along with these fields: one item per file, each carrying
    /// the link, title and passage (as a multipart `POST /v1/share`'s metadata).
    func fileShareRequest(id: UUID, note: String?, tags: [String]?, wall: String?, source: ShareSource) -> ShareRequest {
        ShareRequest(
            id: id, contentType: .file, url: url, text: text, title: title, userNote: note.flatMap(Self.nonEmpty),
            wall: wall.flatMap(Self.nonEmpty), tags: tags, source: source
        )
    }

    private static func nonEmpty(_ value: String) -> String? {
        value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : value
    }

    private static func firstLink(in text: String) -> String? {
        text.split(whereSeparator: \.isWhitespace).first { word in
            let lower = word.lowercased()
            return lower.hasPrefix("https://") || lower.hasPrefix("http://")
        }.map(String.init)
    }
}
