import Foundation

/// Someone a wall is shared with, and their role there.
public struct WallMember: Codable, Sendable, Equatable {
    /// Their user name.
    public var username: String
    /// What they may do on the wall.
    public var role: WallRole
    /// When they were given access.
    public var addedAt: Date

    /// Makes a member.
    public init(username: String, role: WallRole, addedAt: Date) {
        self.username = username
        self.role = role
        self.addedAt = addedAt
    }
}
