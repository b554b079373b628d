import Foundation
import WallCore

/// Safari's page payload: what the extension's JavaScript preprocessing (`GetPage.js`, the
/// `NSExtensionJavaScriptPreprocessingFile`) returned for the page, read into the page snapshot
/// a share carries (`ShareRequest.page`) with every field held to its limit.
public struct PagePayload: Sendable, Equatable {
    /// The page's address.
    public var url: URL
    /// The page's title.
    public var title: String?
    /// The page as the person saw it: title, selection, canonical address, readable HTML or text.
    public var snapshot: PageSnapshot

    /// The `capturedBy` label of a snapshot made by Safari's preprocessing.
    public static let capturedBy = "safari_preprocessing"

    /// Reads a payload from its dictionary (`URL` or `url`, `title`, `selection`, `canonicalUrl`,
    /// `html`, `text`); `nil` without a web URL. Each field is made into what the server accepts
    /// rather than risk the share being refused: the title on one line, the selection and text
    /// without control characters (line breaks and tabs stay), each cut to its limit (the HTML at
    /// a character boundary within `Limits.maxPageSnapshotHTMLBytes` UTF-8 bytes); a canonical
    /// address the server would not take is dropped.
    public init?(_ dictionary: [String: String]) {
        guard let raw = dictionary["URL"] ?? dictionary["url"], let url = LinkDetector.webURL(in: raw) else { return nil }
        self.url = url
        let title = Self.oneLine(dictionary["title"]).map { String($0.prefix(Limits.maxTitleLength)) }
        self.title = title
        let canonical = Self.nonEmpty(dictionary["canonicalUrl"]).flatMap { text -> String? in
            guard LinkDetector.webURL(in: text) != nil else { return nil }
            return try? URLCanonicalizer.canonicalize(text).original
        }
        snapshot = PageSnapshot(
            title: title,
            selection: Self.plainText(dictionary["selection"]).map { Self.trimmed(String($0.prefix(Limits.maxPageSnapshotSelectionLength))) },
            canonicalUrl: canonical,
            html: Self.nonEmpty(dictionary["html"]).map { Self.prefix($0, utf8Bytes: Limits.maxPageSnapshotHTMLBytes) },
            text: Self.plainText(dictionary["text"]).map { Self.trimmed(String($0.prefix(Limits.maxPageSnapshotTextLength))) },
            capturedBy: Self.capturedBy
        )
    }

    /// The text the person had selected on the page.
    public var selection: String? { snapshot.selection }

    /// What the page payload shares: the page, with what the person saw of it.
    public var content: SharedContent { .page(self) }

    /// The longest beginning of `text` that is at most `limit` UTF-8 bytes, cut between characters.
    static func prefix(_ text: String, utf8Bytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: limit)
        while end > text.startIndex, end.samePosition(in: text) == nil { end = text.utf8.index(before: end) }
        return String(text[..<end])
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let kept = trimmed(text)
        return kept.isEmpty ? nil : kept
    }

    private static func trimmed(_ text: String) -> String { String(text.trimmingWhitespace()) }

    /// On one line: every run of whitespace or control characters becomes one space.
    private static func oneLine(_ text: String?) -> String? {
        guard let text else { return nil }
        var line = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !line.isEmpty
            } else {
                if pendingSpace { line.append(" ") }
                pendingSpace = false
                line.unicodeScalars.append(scalar)
            }
        }
        return line.isEmpty ? nil : line
    }

    /// Without control characters other than line breaks and tabs.
    private static func plainText(_ text: String?) -> String? {
        guard let text else { return nil }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { scalar in
            ["\n", "\r", "\t"].contains(scalar) || (scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value))
        })
        return nonEmpty(String(kept))
    }
}
