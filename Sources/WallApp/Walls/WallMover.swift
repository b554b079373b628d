import Foundation
import WallCore
import WallStore

/// Moves a wall one place up or down in a person's wall switcher (the settings page), by
/// swapping its position with its neighbour's.
public struct WallMover: Sendable {
    /// Which way a wall moves.
    public enum Direction: Sendable {
        /// Towards the top of the switcher.
        case up
        /// Towards the bottom.
        case down
    }

    /// Where the walls are.
    public let store: any WallStore

    /// Makes the use case.
    public init(store: any WallStore) { self.store = store }

    /// Moves the wall; nothing happens for the first wall moved up or the last moved down.
    /// Throws `StoreError.notFound("wall")` when the person has no such wall.
    public func move(_ wallID: UUID, _ direction: Direction, userID: UUID) async throws {
        let walls = try await store.walls(userID: userID).filter { $0.owner == nil }
        guard let index = walls.firstIndex(where: { $0.id == wallID }) else { throw StoreError.notFound("wall") }
        let other = direction == .up ? index - 1 : index + 1
        guard walls.indices.contains(other) else { return }
        let (mine, theirs) = (walls[index].position, walls[other].position)
        let swapped = mine == theirs ? (theirs + (other > index ? 1 : -1)) : theirs
        // Two writes, the neighbour first, until the store offers a swap in one transaction.
        _ = try await store.updateWall(id: walls[other].id, change: WallPatchRequest(position: mine).validated(), userID: userID)
        _ = try await store.updateWall(id: wallID, change: WallPatchRequest(position: max(0, swapped)).validated(), userID: userID)
    }
}
