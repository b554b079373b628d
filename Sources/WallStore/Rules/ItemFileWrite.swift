import Foundation
import WallCore

/// What processing an item's file writes to the item, decided once for both stores: the file
/// with its renditions, the text found in it (a PDF's; kept as it was when none was found), the
/// state, and when.
enum ItemFileWrite {
    /// `item` after processing made `file`, found `text` and ended in `state` at `now`.
    static func applied(to item: Item, file: ItemFile, text: String?, state: ItemState, at now: Date) -> Item {
        var item = item
        item.file = file
        item.text = text ?? item.text
        item.state = state
        item.updatedAt = now
        return item
    }
}
