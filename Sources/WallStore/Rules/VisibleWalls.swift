import Foundation
import WallCore

/// A wall shared with someone, as a backend reads it: the wall, its owner's user name and the
/// person's role on it.
struct SharedWallRow: Sendable, Equatable {
    var wall: Wall
    var owner: String
    var role: WallRole
}

/// The walls a person may list and pick (the switcher, `/v1/walls`, every share surface's
/// picker), put together once for both backends, which only read the rows: the person's own
/// walls in their order (position, then age), then the walls shared with them, grouped by owner
/// (by user name, whatever its case) and each in its owner's order. A shared wall carries its
/// owner's name and the person's role, and is never the person's default.
enum VisibleWalls {
    /// The person's own walls and the shared ones, in the switcher's order.
    static func listing(own: [Wall], shared: [SharedWallRow]) -> [Wall] {
        own.sorted(by: inOwnersOrder) + sharedInOrder(shared)
    }

    /// The walls shared with the person, grouped by owner, each as the person sees it.
    static func sharedInOrder(_ rows: [SharedWallRow]) -> [Wall] {
        rows.sorted { a, b in
            let (left, right) = (a.owner.lowercased(), b.owner.lowercased())
            if left != right { return left < right }
            if a.owner != b.owner { return a.owner < b.owner }
            return inOwnersOrder(a.wall, b.wall)
        }.map(seen)
    }

    /// The wall `access` names as the person sees it, when they are a member of it rather than its
    /// owner: its row among those shared with them (`nil` when it is not there).
    static func shared(_ access: WallAccess, in rows: [SharedWallRow]) -> Wall? {
        rows.first { $0.wall.id == access.wallID }.map(seen)
    }

    /// A shared wall as the person sees it: with its owner and their role, never their default.
    static func seen(_ row: SharedWallRow) -> Wall {
        var wall = row.wall
        wall.isDefault = false
        wall.owner = row.owner
        wall.role = row.role
        return wall
    }

    /// One owner's order: position, then the older first (then the id, so ties never flicker).
    private static func inOwnersOrder(_ a: Wall, _ b: Wall) -> Bool {
        (a.position, a.createdAt, a.id.uuidString) < (b.position, b.createdAt, b.id.uuidString)
    }
}
