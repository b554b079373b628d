import Foundation

/// A multipart share that passed validation: its metadata and one stored file per item.
///
/// Each file is saved as its own item under its own share id (`parts[i].shareID`), derived from
/// the client's id, so a repeated upload of the same share finds every item it made.
public struct ValidFileShare: Sendable, Equatable {
    /// The client's share id.
    public let shareID: UUID
    /// One share per file, in the order the files came, each with its file.
    public let parts: [(share: ValidShare, file: ItemFile)]

    /// Makes the parts from the validated metadata and the stored files (1 to `Limits.maxFilesPerShare`).
    public init(metadata: ValidShare, files: [ItemFile]) {
        shareID = metadata.shareID
        parts = files.enumerated().map { index, file in
            let share = ValidShare(
                shareID: Self.partID(metadata.shareID, index: index), kind: file.contentType.hasPrefix("image/") ? .image : .file,
                url: metadata.url,
                canonicalURL: nil, text: metadata.text, title: metadata.title ?? file.name, note: metadata.note,
                wall: metadata.wall, tags: metadata.tags, sharedAt: metadata.sharedAt, source: metadata.source,
                fingerprintExtras: [file.sha256, file.name, String(index)]
            )
            return (share, file)
        }
    }

    /// The share id of the file at `index`: the client's id for the first, a fixed variation of it
    /// for the others (so the same share sent again names the same parts).
    public static func partID(_ shareID: UUID, index: Int) -> UUID {
        guard index > 0 else { return shareID }
        var bytes = shareID.uuid
        bytes.14 ^= 0xF1
        bytes.15 ^= UInt8(truncatingIfNeeded: index)
        return UUID(uuid: bytes)
    }

    /// Equal when the ids and parts are.
    public static func == (lhs: ValidFileShare, rhs: ValidFileShare) -> Bool {
        lhs.shareID == rhs.shareID && lhs.parts.elementsEqual(rhs.parts) { $0.share == $1.share && $0.file == $1.file }
    }
}
