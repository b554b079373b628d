import Foundation

/// What an attachment provider hands back for a type: the shapes `NSItemProvider.loadItem` produces.
public enum LoadedValue: Sendable, Equatable {
    /// A link, or a file on disk (`file:` URL; read only when it is sent).
    case url(URL)
    /// A string.
    case text(String)
    /// Bytes held in memory.
    case data(Data)
    /// A dictionary of strings: Safari's page payload (`URL`, `title`, `selection`, `canonicalUrl`, `html`, `text`).
    case dictionary([String: String])
}
