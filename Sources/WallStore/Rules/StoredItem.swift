import Foundation
import WallCore

/// One item as a backend reads it by id for a person, before `VisibleItems` decides whether the
/// person may see it: the item, whose it is (its wall's owner, under whom it is stored) and
/// whether the person is a member of its wall.
struct StoredItem: Sendable, Equatable {
    /// The item as stored.
    var item: Item
    /// The user it is stored under.
    var ownerID: UUID
    /// Whether the person reading is a member of the item's wall.
    var readerIsMember: Bool
}
