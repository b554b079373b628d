/// What an item holds; on a share request this is its `contentType`.
public enum ItemKind: String, Codable, Sendable, CaseIterable {
    /// A link to a web page.
    case url
    /// A passage of text.
    case text
    /// A photo, screenshot or other picture.
    case image
    /// A PDF or another document.
    case file
}
