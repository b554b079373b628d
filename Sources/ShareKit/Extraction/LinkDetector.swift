import Foundation
import WallCore

/// Tells a text that is really a link ("https://example.com/a" pasted as text) from a passage.
public enum LinkDetector {
    /// The web link `text` consists of (surrounding white space and angle brackets aside), or `nil`.
    public static func webURL(in text: String) -> URL? {
        var candidate = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if candidate.hasPrefix("<"), candidate.hasSuffix(">") { candidate = String(candidate.dropFirst().dropLast()) }
        guard !candidate.isEmpty, candidate.count <= Limits.maxURLLength,
              !candidate.contains(where: { $0.isWhitespace }) else { return nil }
        return webURL(candidate)
    }

    /// `url` when it is an `http` or `https` link with a host.
    public static func webURL(_ url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    private static func webURL(_ text: String) -> URL? {
        URL(string: text).flatMap(webURL)
    }
}
