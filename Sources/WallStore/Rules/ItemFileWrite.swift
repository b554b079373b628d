import Foundation
import WallCore

/// What processing an item's file writes, decided once for both stores: the file with its
/// renditions, the state and when on the item; the text found in the file (a PDF's) as words
/// search finds the item by, beside what the person shared, never over it. An item shared
/// without text of its own shows the file's text as its text.
struct ItemFileWrite {
    /// The item as processing leaves it.
    let item: Item
    /// The file's text as the item's found words (`preview_search`, which a file item, having
    /// no link preview, leaves free); nil when processing found none or the item shows it as
    /// its text (searched there already), so what was found before stays.
    let foundText: String?

    /// `item` after processing made `file`, found `text` and ended in `state` at `now`.
    init(applying file: ItemFile, text: String?, state: ItemState, at now: Date, to item: Item) {
        var item = item
        item.file = file
        if let text, item.text?.isEmpty ?? true { item.text = text }
        item.state = state
        item.updatedAt = now
        self.item = item
        self.foundText = text == item.text ? nil : text
    }
}
