import Foundation
import WallCore

/// What an archive's item may keep of the file its document describes, judged by the bytes the
/// archive brought rather than by the document, as an upload is: the media type is the detected
/// one, the name is cleaned, a rendition is kept only when its bytes are a picture a browser may
/// show inline, and a file whose bytes the server would refuse as an upload (or that is not a
/// picture while the item says it is) is refused with the reason.
enum ArchiveFileCheck {
    /// The file to store for an item of `kind`, or the reason it is refused. `types` holds the
    /// type of every blob the archive brought, by hash; a blob it did not bring is left for the
    /// import's own check ("names only the blobs this archive brought").
    static func check(_ file: ItemFile, kind: ItemKind, types: [String: FileType]) -> Result<ItemFile, Refusal> {
        guard let type = types[file.sha256] else { return .success(file) }
        guard type.isAccepted else {
            return .failure(Refusal("The archive's file is \(type.mediaType), which the server does not take."))
        }
        guard type.isImage == (kind == .image) else {
            let shown = type.isImage ? "a picture" : "not a picture"
            return .failure(Refusal("The archive's file is \(shown) (\(type.mediaType)) but its item is \(kind == .image ? "an image" : "a file")."))
        }
        var checked = file
        checked.contentType = type.mediaType
        checked.name = FileName.clean(file.name)
        checked.thumbnail = file.thumbnail.flatMap { isInlinePicture($0, types) ? $0 : nil }
        checked.preview = file.preview.flatMap { isInlinePicture($0, types) ? $0 : nil }
        return .success(checked)
    }

    /// Whether the archive brought `hash` and its bytes are a picture browsers may show inline.
    private static func isInlinePicture(_ hash: String, _ types: [String: FileType]) -> Bool {
        types[hash].map { FileType.isSafeInline($0.mediaType) } ?? false
    }

    /// Why an archive's file was refused.
    struct Refusal: Error, Equatable {
        /// The reason, for the import's result.
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
