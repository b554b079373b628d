import WallCore

extension Item {
    /// This item after the same link was shared again: nothing the person wrote is lost.
    ///
    /// A new note is appended (unless the item's note already holds it as whole paragraphs, or the
    /// result would pass the note limit); new tags are added after the old ones (up to the tag
    /// limit); a title fills in only when the item has none. `updatedAt` is left for the caller.
    func merging(_ share: ValidShare) -> Item {
        merging(note: share.note, tags: share.tags, title: share.title)
    }

    /// This item after another item holding the same link was merged into it (when the other's
    /// wall was deleted and its items moved here), by the same rules as a repeated share.
    func absorbing(_ other: Item) -> Item {
        merging(note: other.userNote, tags: other.tags, title: other.title)
    }

    /// This item with `note` appended, `tags` added and `title` filled in, by the rules above.
    func merging(note: String?, tags: [String], title: String?) -> Item {
        var merged = self
        if let note {
            if let current = userNote, !current.isEmpty {
                let combined = current + "\n\n" + note
                if !Self.note(current, holdsParagraphs: note) && combined.count <= Limits.maxNoteLength {
                    merged.userNote = combined
                }
            } else {
                merged.userNote = note
            }
        }
        for tag in tags where !merged.tags.contains(tag) && merged.tags.count < Limits.maxTags {
            merged.tags.append(tag)
        }
        if merged.title == nil { merged.title = title }
        return merged
    }

    /// Whether `note` is all of `current` or a run of its paragraphs (notes are joined with a
    /// blank line), so a note sent again is not appended twice while a different one that only
    /// appears inside a paragraph ("later" in "read later") still is.
    static func note(_ current: String, holdsParagraphs note: String) -> Bool {
        let separator = "\n\n"
        return current == note || current.hasPrefix(note + separator) || current.hasSuffix(separator + note)
            || current.contains(separator + note + separator)
    }
}
