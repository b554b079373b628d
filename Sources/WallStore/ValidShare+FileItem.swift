import Foundation
import WallCore

extension ValidShare {
    /// The new item for one file of a multipart share (pending: its thumbnail job follows).
    func fileItem(_ file: ItemFile, id: UUID, wallID: UUID, at now: Date) -> Item {
        var item = Item(
            id: id, kind: kind, url: url, title: title, text: text, userNote: note, tags: tags, wallId: wallID,
            source: source, state: .pending, sharedAt: sharedAt, createdAt: now, updatedAt: now
        )
        item.file = file
        return item
    }
}
