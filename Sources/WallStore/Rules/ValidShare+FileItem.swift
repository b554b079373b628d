import Foundation
import WallCore

extension ValidShare {
    /// The new item for one file of a multipart share (pending: its thumbnail job follows).
    func fileItem(_ file: ItemFile, id: UUID, wallID: UUID, at now: Date) -> Item {
        ShareRules.item(self, id: id, wallID: wallID, pending: true, createdAt: now, updatedAt: now, file: file)
    }
}
