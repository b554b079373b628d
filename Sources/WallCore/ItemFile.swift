import Foundation

/// The file an `image` or `file` item holds: its bytes by hash, and what was made from them.
public struct ItemFile: Codable, Sendable, Equatable, Hashable {
    /// The SHA-256 of the file's bytes (64 hex digits): its name in the blob store.
    public var sha256: String
    /// The file's size in bytes.
    public var size: Int64
    /// The media type the server detected from the bytes (never the client's claim).
    public var contentType: String
    /// The file's name as shared (trimmed, without folders), when the client sent one.
    public var name: String?
    /// The SHA-256 of the small rendition (`Limits.thumbnailWidth` wide), once made.
    public var thumbnail: String?
    /// The SHA-256 of the large rendition (`Limits.previewWidth` wide; a PDF's first page), once made.
    public var preview: String?
    /// The width in pixels of the image (after its EXIF orientation), once known.
    public var width: Int?
    /// The height in pixels of the image (after its EXIF orientation), once known.
    public var height: Int?

    /// Makes a file description.
    public init(
        sha256: String, size: Int64, contentType: String, name: String? = nil, thumbnail: String? = nil,
        preview: String? = nil, width: Int? = nil, height: Int? = nil
    ) {
        self.sha256 = sha256
        self.size = size
        self.contentType = contentType
        self.name = name
        self.thumbnail = thumbnail
        self.preview = preview
        self.width = width
        self.height = height
    }

    /// Every blob this file refers to: the original and its renditions.
    public var blobHashes: [String] { [sha256] + [thumbnail, preview].compactMap { $0 } }
}
