import Foundation

/// An import entry that passed validation: a share plus the dates and id it keeps.
///
/// Only `ImportEntry.validated()` makes one (the wall may then be swapped for the id it resolved
/// to with `resolving(wallID:)`), so a store can trust every field.
public struct ValidImport: Sendable, Equatable {
    /// The share it stores (its `shareID` is the entry id, its source `import` unless given).
    public let share: ValidShare
    /// The original first-saved date, if known.
    public let createdAt: Date?
    /// The original last-changed date, if known.
    public let updatedAt: Date?

    init(share: ValidShare, createdAt: Date?, updatedAt: Date?) {
        self.share = share
        self.createdAt = createdAt?.roundedToMillis
        self.updatedAt = updatedAt?.roundedToMillis
    }

    /// The same entry bound to a resolved wall id (the store then looks up nothing by name).
    public func resolving(wallID: UUID) -> ValidImport {
        let s = share
        let bound = ValidShare(
            shareID: s.shareID, kind: s.kind, url: s.url, canonicalURL: s.canonicalURL, text: s.text, title: s.title,
            note: s.note, wall: wallID.uuidString, tags: s.tags, sharedAt: s.sharedAt, source: s.source
        )
        return ValidImport(share: bound, createdAt: createdAt, updatedAt: updatedAt)
    }
}

extension ImportEntry {
    /// Checks and normalises the entry with the same rules as a single share; throws a validation
    /// error naming the field at fault.
    public func validated() throws(ValidationError) -> ValidImport {
        guard contentType == .url || contentType == .text else {
            throw .invalid("contentType", "Only url and text entries can be imported (files travel with --with-files).")
        }
        for (field, date) in [("createdAt", createdAt), ("updatedAt", updatedAt)] {
            if let date, !ShareRequest.acceptedTimestamps.contains(date.timeIntervalSince1970) {
                throw .invalid(field, "\(field) must be between 1970 and 9999.")
            }
        }
        let request = ShareRequest(
            id: id, contentType: contentType, url: url, text: text, title: title, userNote: userNote, wall: wall,
            tags: tags, timestamp: sharedAt, source: source ?? .import
        )
        return ValidImport(share: try request.validated(), createdAt: createdAt, updatedAt: updatedAt ?? createdAt)
    }
}
