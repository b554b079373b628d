/// What a member of someone else's wall may do there (the owner may do everything).
public enum WallRole: String, Codable, Sendable, CaseIterable, Comparable {
    /// Sees the wall.
    case viewer
    /// Sees the wall, adds to it, and edits or deletes what they added.
    case contributor
    /// Sees the wall, adds to it, and edits, moves or deletes anything on it.
    case editor

    /// The roles from least to most allowed.
    public static func < (lhs: WallRole, rhs: WallRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
