import WallCore

/// Why a link can't be refreshed; the HTTP API answers 404 for `notFound`, 409 for the others.
public enum RefreshRefusal: Error, Equatable, Sendable {
    /// No such item of the caller's.
    case notFound
    /// The item is not a link (only links have pages to fetch).
    case notALink(ItemKind)
    /// This server makes no link previews.
    case noLinkPreviews

    /// What to tell the person.
    public var message: String {
        switch self {
        case .notFound: "No such item."
        case .notALink(let kind): "Only links can be refreshed; this item is \(kind.rawValue)."
        case .noLinkPreviews: "This server makes no link previews (it runs with --no-link-previews)."
        }
    }
}
