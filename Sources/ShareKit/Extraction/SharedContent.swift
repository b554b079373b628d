import Foundation
import WallCore

/// One thing found in a share, as a plain value: what a share request will be made from.
public enum SharedContent: Sendable, Equatable {
    /// A web link, with the page title when the sharing app gave one.
    case link(URL, title: String?)
    /// A page shared from Safari: its address and title, with what the person saw of it.
    case page(PagePayload)
    /// A passage of text, with the page it came from when known.
    case text(String, source: URL?, title: String?)
    /// A picture.
    case image(AttachmentFile)
    /// A document or another file.
    case file(AttachmentFile)

    /// The item kind a share of this content has.
    public var kind: ItemKind {
        switch self {
        case .link, .page: .url
        case .text: .text
        case .image: .image
        case .file: .file
        }
    }
}
