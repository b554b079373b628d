import Foundation

/// A link on a wall: the duplicate rule's key (one item per canonical link per wall).
struct WallLinkKey: Hashable, Sendable {
    var wallID: UUID
    var canonicalURL: String
}
