import Foundation
import WallCore

/// What the share sheet shows of what is being shared: links by title and host, a text's
/// beginning, pictures as thumbnails, files by name.
public struct ContentPreview: Sendable, Equatable {
    /// One line of the preview.
    public enum Row: Sendable, Equatable {
        /// A link: its title when known, and its host.
        case link(title: String?, host: String, url: URL)
        /// A passage: its beginning, and the host of the page it came from.
        case text(excerpt: String, sourceHost: String?)
        /// Pictures, to show as thumbnails.
        case images([AttachmentFile])
        /// Other files, by name.
        case files([String])
    }

    /// The rows, in the order shared (pictures and files gathered into one row each).
    public var rows: [Row]
    /// A sentence about attachments that can't be saved, when some were skipped.
    public var skippedNote: String?

    /// Longest text excerpt shown, in characters.
    public static let excerptLength = 280

    /// The preview of an extraction, with the contents merged as they will be shared.
    public init(_ extraction: Extraction) {
        let contents = ShareDraft(contents: extraction.contents, source: .iosShareExtension).mergedContents
        var rows: [Row] = []
        var images: [AttachmentFile] = []
        var files: [String] = []
        for content in contents {
            switch content {
            case .link(let url, let title): rows.append(.link(title: title, host: Self.host(url), url: url))
            case .page(let page):
                rows.append(.link(title: page.title, host: Self.host(page.url), url: page.url))
                if let selection = page.selection {
                    rows.append(.text(excerpt: Self.excerpt(selection, limit: Self.excerptLength), sourceHost: Self.host(page.url)))
                }
            case .text(let text, let source, _):
                rows.append(.text(excerpt: Self.excerpt(text, limit: Self.excerptLength), sourceHost: source.map(Self.host)))
            case .image(let file): images.append(file)
            case .file(let file): files.append(file.filename)
            }
        }
        if !images.isEmpty { rows.append(.images(images)) }
        if !files.isEmpty { rows.append(.files(files)) }
        self.rows = rows
        var notes: [String] = []
        var unusable = 0
        for skipped in extraction.skipped {
            if case .tooLarge(let filename, let bytes, let limit) = skipped.reason {
                notes.append("“\(filename)” is \(Self.megabytes(bytes)); Digital Wall takes files up to \(Self.megabytes(limit)), so it is left out.")
            } else {
                unusable += 1
            }
        }
        if unusable == 1 { notes.insert("1 attachment can't be saved to Digital Wall and is left out.", at: 0) }
        if unusable > 1 { notes.insert("\(unusable) attachments can't be saved to Digital Wall and are left out.", at: 0) }
        skippedNote = notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    /// The first `limit` characters of `text` on one line, with an ellipsis when cut.
    public static func excerpt(_ text: String, limit: Int) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard flat.count > limit else { return flat }
        return String(flat.prefix(max(0, limit - 1))).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// A size in whole megabytes (MiB, as the server's limit is set), rounded up.
    static func megabytes(_ bytes: Int64) -> String { "\((bytes + 1_048_575) / 1_048_576) MB" }

    /// A link's host without `www.`.
    static func host(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
