import Foundation
import WallCore

/// What the app's wall shows: every wall, one wall, or one smart wall (a saved search's
/// matches). A smart wall is only read: shares still go to a real wall.
public enum WallSelection: Sendable, Hashable {
    /// Every wall's items.
    case allWalls
    /// One wall's items, by its id.
    case wall(UUID)
    /// What a saved search matches, by its id (which, unlike its slug, stays when it is renamed).
    case smartWall(UUID)

    /// The wall shown, when it is one real wall.
    public var wallID: UUID? {
        if case .wall(let id) = self { id } else { nil }
    }

    /// The smart wall shown, when it is one.
    public var smartWallID: UUID? {
        if case .smartWall(let id) = self { id } else { nil }
    }

    /// The title for the wall view, named from the lists loaded (`walls`, `smartWalls`).
    public func title(walls: [Wall], smartWalls: [SavedSearch]) -> String {
        switch self {
        case .allWalls: "All walls"
        case .wall(let id): walls.first { $0.id == id }?.name ?? "Wall"
        case .smartWall(let id): smartWalls.first { $0.id == id }?.name ?? "Smart wall"
        }
    }

    /// The `GET /v1/items` filter for one page of what is shown.
    func filter(cursor: String?, limit: Int) -> ItemFilter {
        ItemFilter(wall: wallID?.uuidString, savedSearch: smartWallID?.uuidString, cursor: cursor, limit: limit)
    }

    /// Whether `item` belongs in what is shown; `nil` on a smart wall, where only the server
    /// knows what its search matches.
    func holds(_ item: Item) -> Bool? {
        switch self {
        case .allWalls: true
        case .wall(let id): item.wallId == id
        case .smartWall: nil
        }
    }
}
