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
    /// wall was deleted and its items moved here), by the same rules as a repeated share, its
    /// text joined like a note. The other item is deleted, so nothing of it may be left out:
    /// throws `conflict`, naming the link and what does not fit (a note or text that would pass
    /// its limit joined, tags past the most an item holds), and the caller changes nothing.
    func absorbing(_ other: Item) throws(StoreError) -> Item {
        var merged = merging(note: other.userNote, tags: other.tags, title: other.title)
        merged.text = Self.joining(merged.text, other.text, limit: Limits.maxTextLength)
        var left: [String] = []
        if !Self.holds(merged.userNote, other.userNote) { left.append("its note (\(Limits.maxNoteLength) characters at most)") }
        if !Self.holds(merged.text, other.text) { left.append("its text (\(Limits.maxTextLength) characters at most)") }
        if !Set(other.tags).isSubset(of: merged.tags) { left.append("its tags (\(Limits.maxTags) at most)") }
        guard left.isEmpty else {
            throw .conflict(
                "\(other.url ?? "An item") is on both walls, and \(left.joined(separator: " and ")) would not fit "
                    + "beside the other's; shorten one of them, then delete the wall again."
            )
        }
        return merged
    }

    /// This item with `note` appended, `tags` added and `title` filled in, by the rules above.
    func merging(note: String?, tags: [String], title: String?) -> Item {
        var merged = self
        merged.userNote = Self.joining(userNote, note, limit: Limits.maxNoteLength)
        for tag in tags where !merged.tags.contains(tag) && merged.tags.count < Limits.maxTags {
            merged.tags.append(tag)
        }
        if merged.title == nil { merged.title = title }
        return merged
    }

    /// `addition` joined to `current` after a blank line: unless `current` holds it as whole
    /// paragraphs already, or the two would pass `limit` characters (then `current` as it is);
    /// `addition` alone when `current` is empty.
    static func joining(_ current: String?, _ addition: String?, limit: Int) -> String? {
        guard let addition, !addition.isEmpty else { return current }
        guard let current, !current.isEmpty else { return addition }
        let combined = current + "\n\n" + addition
        return note(current, holdsParagraphs: addition) || combined.count > limit ? current : combined
    }

    /// Whether `joined` holds all of `part` (nothing, or whole paragraphs of it).
    private static func holds(_ joined: String?, _ part: String?) -> Bool {
        guard let part, !part.isEmpty else { return true }
        return joined.map { note($0, holdsParagraphs: part) } ?? false
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
