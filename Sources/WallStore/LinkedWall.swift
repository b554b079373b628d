import Foundation
import WallCore

/// What a secret link opens: one wall, read-only, and whether its page may be indexed.
public struct LinkedWall: Sendable, Equatable {
    /// The link's id.
    public var linkID: UUID
    /// The wall (its name and item count; never its owner's other walls).
    public var wall: Wall
    /// Whether search engines may index the page.
    public var indexable: Bool

    /// Makes a linked wall.
    public init(linkID: UUID, wall: Wall, indexable: Bool) {
        self.linkID = linkID
        self.wall = wall
        self.indexable = indexable
    }
}
