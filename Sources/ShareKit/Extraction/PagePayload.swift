import Foundation

/// Safari's page payload: what the extension's JavaScript preprocessing returned for the page.
public struct PagePayload: Sendable, Equatable {
    /// The page's address.
    public var url: URL
    /// The page's title.
    public var title: String?
    /// The text the person had selected on the page.
    public var selection: String?

    /// Reads a payload from its dictionary (`URL` or `url`, `title`, `selection`); `nil` without a web URL.
    public init?(_ dictionary: [String: String]) {
        guard let raw = dictionary["URL"] ?? dictionary["url"], let url = LinkDetector.webURL(in: raw) else { return nil }
        self.url = url
        self.title = Self.nonEmpty(dictionary["title"])
        self.selection = Self.nonEmpty(dictionary["selection"])
    }

    /// What the page payload shares: the selected passage with its page, else the page's link.
    public var content: SharedContent {
        if let selection { return .text(selection, source: url, title: title) }
        return .link(url, title: title)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
