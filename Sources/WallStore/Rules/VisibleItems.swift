import Foundation
import WallCore

/// A wall shared with someone, as the item listing reads it: the wall and its owner.
struct MemberWall: Sendable, Equatable {
    var wallID: UUID
    var ownerID: UUID
}

/// The items a listing, a search or a tag filter may show a person, put together once for both
/// backends, which only turn it into their SQL: with a wall asked for, that wall's items (the
/// person's standing on it already checked); otherwise every item stored under the person (all on
/// their own walls) and every item on the walls shared with them. A tag filter reads the tags of
/// the owners of those walls, since an item's tags are kept under its wall's owner.
struct VisibleItems: Sendable, Equatable {
    /// Every item stored under this user, or `nil` when only `wallIDs` count.
    var ownerID: UUID?
    /// Every item on these walls too.
    var wallIDs: [UUID]
    /// Whose tags a tag filter reads, the person (or the asked wall's owner) first.
    var tagOwners: [UUID]

    /// The items on the one wall `access` names.
    static func onWall(_ access: WallAccess) -> VisibleItems {
        VisibleItems(ownerID: nil, wallIDs: [access.wallID], tagOwners: [access.ownerID])
    }

    /// Everything `person` may see across walls: their own items and those on `shared`.
    static func acrossWalls(of person: UUID, shared: [MemberWall]) -> VisibleItems {
        var tagOwners = [person]
        for wall in shared where !tagOwners.contains(wall.ownerID) { tagOwners.append(wall.ownerID) }
        return VisibleItems(ownerID: person, wallIDs: shared.map(\.wallID), tagOwners: tagOwners)
    }

    /// Whether an item stored under `ownerID` on the wall `wallID` is one of these (the same
    /// choice the backends' SQL makes, on one item's values).
    func contains(ownerID itemOwner: UUID, wallID: UUID) -> Bool {
        itemOwner == ownerID || wallIDs.contains(wallID)
    }

    /// The item a read by id hands `person`, or `nil` when it is not theirs to see: the choice
    /// `acrossWalls(of:shared:)` and `contains` make, asked of the one wall the row names, so
    /// that a read by id (the item page, a refresh, a delete) stays one round trip and never
    /// lists the person's walls first.
    static func item(_ stored: StoredItem, seenBy person: UUID) -> Item? {
        let wall = MemberWall(wallID: stored.item.wallId, ownerID: stored.ownerID)
        let visible = acrossWalls(of: person, shared: stored.readerIsMember ? [wall] : [])
        return visible.contains(ownerID: stored.ownerID, wallID: wall.wallID) ? stored.item : nil
    }

    /// The walls these items are on, given the ids of the person's own walls (all of which count
    /// when the items stored under the person do): what a lookup by link probes, wall by wall.
    func walls(owned: [UUID]) -> [UUID] {
        (ownerID == nil ? [] : owned) + wallIDs
    }

    /// The one wall the items are on, when that is all that counts (each backend walks that
    /// wall's index newest first).
    var onlyWall: UUID? {
        ownerID == nil && wallIDs.count == 1 ? wallIDs.first : nil
    }

    /// The one owner the items are stored under, when no other wall counts (each backend walks
    /// that person's index newest first).
    var onlyOwner: UUID? {
        wallIDs.isEmpty ? ownerID : nil
    }
}
