import Foundation

/// A board of items owned by one person, who may share it with others (`WallRole`).
public struct Wall: Codable, Sendable, Equatable, Identifiable {
    /// The wall's id.
    public var id: UUID
    /// Short name for URLs and the `wall` field of a share, unique per person.
    public var slug: String
    /// Display name.
    public var name: String
    /// Whether shares without a `wall` land here; every person has exactly one.
    public var isDefault: Bool
    /// Order in the wall switcher, ascending.
    public var position: Int
    /// How many items the wall holds.
    public var itemCount: Int
    /// When it was made.
    public var createdAt: Date
    /// The owner's user name, on a wall someone shared with you (absent on your own).
    public var owner: String? = nil
    /// Your role, on a wall someone shared with you (absent on your own).
    public var role: WallRole? = nil

    /// Makes a wall.
    public init(
        id: UUID, slug: String, name: String, isDefault: Bool, position: Int, itemCount: Int, createdAt: Date
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.isDefault = isDefault
        self.position = position
        self.itemCount = itemCount
        self.createdAt = createdAt
    }
}
