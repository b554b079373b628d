import Foundation

/// The page as the person saw it, captured by the client that shared it: Safari's
/// preprocessing script (iOS Share Extension) or the browser extension.
///
/// It lets the server keep what the person read (a paywalled, signed-in or script-rendered page)
/// instead of fetching the page again. The server never serves `html` as HTML: it runs it through
/// the same extraction and sanitising as a fetched page and keeps only the readable text.
/// Every field is optional; a snapshot with none of them is ignored.
public struct PageSnapshot: Codable, Sendable, Equatable {
    /// The document's title (`document.title`).
    public var title: String?
    /// The text the person had selected, if any.
    public var selection: String?
    /// The page's own canonical address (`<link rel=canonical>`), if it names one.
    public var canonicalUrl: String?
    /// The rendered document's readable part as HTML (`document.documentElement.outerHTML`, or
    /// the main article's), at most `Limits.maxPageSnapshotHTMLBytes` UTF-8 bytes.
    public var html: String?
    /// The readable part as plain text, when the client sends text instead of HTML.
    public var text: String?
    /// Which client captured it (`safari_preprocessing`, `browser_extension`).
    public var capturedBy: String?

    /// Makes a snapshot.
    public init(
        title: String? = nil, selection: String? = nil, canonicalUrl: String? = nil,
        html: String? = nil, text: String? = nil, capturedBy: String? = nil
    ) {
        self.title = title
        self.selection = selection
        self.canonicalUrl = canonicalUrl
        self.html = html
        self.text = text
        self.capturedBy = capturedBy
    }
}
