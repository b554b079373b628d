/// The answer to `GET /v1/walls`: the caller's walls in switcher order.
public struct WallList: Codable, Sendable, Equatable {
    /// The walls.
    public var walls: [Wall]

    /// Makes a wall list.
    public init(walls: [Wall]) { self.walls = walls }
}
