import WallCore

extension Item {
    /// This item with a patch's title, note and tags applied; a new wall is the store's to
    /// resolve, and `updatedAt` is left for the caller.
    func applying(_ patch: ValidItemPatch) -> Item {
        var item = self
        item.title = patch.title.applied(to: title)
        item.userNote = patch.userNote.applied(to: userNote)
        item.tags = patch.tags.applied(to: tags) ?? []
        return item
    }
}
