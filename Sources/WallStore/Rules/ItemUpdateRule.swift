import Foundation
import WallCore

/// What a patch does to an item, decided on plain values: title, note and tags as the patch
/// says; a move to a wall already holding the item's link is refused; a patch that changes
/// nothing writes nothing.
enum ItemUpdateRule {
    /// The item after `patch`, changed at `now`, or `nil` when it is unchanged. `targetWall` is
    /// the wall the patch moves it to (resolved by the store), and `linkHolder` the item on that
    /// wall holding the same link, if any (the item itself when it stays).
    static func updated(
        _ current: Item, by patch: ValidItemPatch, targetWall: UUID?, linkHolder: UUID?, now: Date
    ) throws(StoreError) -> Item? {
        var item = current.applying(patch)
        if let targetWall {
            if let linkHolder, linkHolder != current.id {
                throw .conflict("That link is already on the other wall.")
            }
            item.wallId = targetWall
        }
        guard item != current else { return nil }
        item.updatedAt = now
        return item
    }
}

extension ValidItemPatch {
    /// The wall the patch moves the item to, as the person named it.
    var targetWallRef: String? {
        guard case .set(let ref) = wall else { return nil }
        return ref
    }
}
