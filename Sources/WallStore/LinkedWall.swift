import Foundation
import WallCore

/// What a secret link opens, read-only: a wall or a smart wall (a saved search), by name, and
/// whether its page may be indexed.
public struct LinkedWall: Sendable, Equatable {
    /// The link's id.
    public var linkID: UUID
    /// The wall's or smart wall's name.
    public var name: String
    /// When the wall or smart wall was made (the feed's first date).
    public var createdAt: Date
    /// Whether search engines may index the page.
    public var indexable: Bool
    /// Whether it opens a smart wall rather than a wall.
    public var isSmartWall: Bool

    /// Makes a linked wall.
    public init(linkID: UUID, name: String, createdAt: Date, indexable: Bool, isSmartWall: Bool = false) {
        self.linkID = linkID
        self.name = name
        self.createdAt = createdAt
        self.indexable = indexable
        self.isSmartWall = isSmartWall
    }
}
