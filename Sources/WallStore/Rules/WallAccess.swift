import Foundation
import WallCore

/// Someone's standing on one wall: its owner, or a member with a role. The one place that says
/// who may do what on a wall; every store method that names a wall or an item asks it.
struct WallAccess: Sendable, Equatable {
    /// The wall.
    var wallID: UUID
    /// Whose wall it is (its items are stored under this user).
    var ownerID: UUID
    /// The person asking.
    var actorID: UUID
    /// Their role, or `nil` for the owner.
    var role: WallRole?

    /// Whether the person owns the wall.
    var isOwner: Bool { role == nil }

    /// The person's standing on a wall, from what its row says: whose it is, and the person's role
    /// when they are a member; `nil` when it is neither theirs nor shared with them (it answers
    /// 404, as if it were absent). The owner is the owner whatever else a row says.
    static func standing(wallID: UUID, ownerID: UUID, actor: UUID, memberRole: WallRole?) -> WallAccess? {
        if ownerID == actor { return WallAccess(wallID: wallID, ownerID: ownerID, actorID: actor, role: nil) }
        guard let memberRole else { return nil }
        return WallAccess(wallID: wallID, ownerID: ownerID, actorID: actor, role: memberRole)
    }

    /// Refuses unless the person may add to the wall (a viewer may not).
    func requirePost() throws(StoreError) {
        guard role != .viewer else { throw .forbidden("You can see this wall but not add to it.") }
    }

    /// Refuses unless the person may edit, move or delete an item added by `addedBy` (`nil`: by
    /// the owner): the owner and editors anything, a contributor what they added.
    func requireChange(itemAddedBy addedBy: UUID?) throws(StoreError) {
        switch role {
        case nil, .editor?: return
        case .contributor?: guard addedBy == actorID else {
            throw .forbidden("You can change only what you added to this wall.")
        }
        case .viewer?: throw .forbidden("You can see this wall but not change it.")
        }
    }

    /// Refuses a move of an item from this wall to `destination` unless the person may add
    /// there, and both walls are one owner's (an item never changes hands by moving).
    func requireMove(to destination: WallAccess) throws(StoreError) {
        try destination.requirePost()
        guard destination.ownerID == ownerID else {
            throw .forbidden("Items move only between walls of the same owner.")
        }
    }

    /// Refuses unless the person owns the wall (rename, delete, share).
    func requireOwner() throws(StoreError) {
        guard isOwner else { throw .forbidden("Only the wall's owner can do that.") }
    }

    /// The `added_by` a new item by this person carries: `nil` when the owner adds it.
    var addedBy: UUID? { isOwner ? nil : actorID }
}
