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
    /// The file of an `image` or `file` entry (its blobs are checked by whoever stores it).
    public let file: ItemFile?

    init(share: ValidShare, createdAt: Date?, updatedAt: Date?, file: ItemFile? = nil) {
        self.share = share
        self.file = file
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
        return ValidImport(share: bound, createdAt: createdAt, updatedAt: updatedAt, file: file)
    }
}

extension ImportEntry {
    /// Checks and normalises the entry with the same rules as a single share; throws a validation
    /// error naming the field at fault.
    public func validated() throws(ValidationError) -> ValidImport {
        let hasFile = contentType == .image || contentType == .file
        if hasFile {
            guard let file else { throw .missing("file", "An \(contentType.rawValue) entry needs its file.") }
            for hash in file.blobHashes where !Self.isSHA256(hash) {
                throw .invalid("file", "A file's hashes are 64 lower-case hex digits.")
            }
            guard file.size >= 0, !file.contentType.isEmpty else {
                throw .invalid("file", "A file needs its size and type.")
            }
        } else if file != nil {
            throw .invalid("file", "Only image and file entries hold a file.")
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
        let share = try request.validated(attachmentCount: hasFile ? 1 : 0)
        return ValidImport(share: share, createdAt: createdAt, updatedAt: updatedAt ?? createdAt, file: file)
    }

    /// 64 lower-case hex digits, as a blob's name.
    private static func isSHA256(_ hash: String) -> Bool {
        hash.utf8.count == 64 && hash.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
