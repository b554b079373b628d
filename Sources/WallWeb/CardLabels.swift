import Foundation

/// A tag on a card, linking to the wall filtered by it.
public struct TagLink: Sendable, Equatable {
    /// The tag.
    public var name: String
    /// The filtered wall.
    public var href: String
}

/// A stored file as a card names it.
public struct FileLabel: Sendable, Equatable {
    /// The file's name.
    public var name: String
    /// "PDF", "JPEG", …
    public var type: String
    /// "1.2 MB".
    public var size: String

    /// Labels a stored file.
    public init(_ media: MediaInfo) {
        name = media.fileName ?? "File"
        type = media.contentType.split(separator: "/").last.map { $0.uppercased() } ?? "FILE"
        size = Self.size(media.byteCount)
    }

    /// A byte count for people: "532 B", "14 KB", "1.2 MB".
    static func size(_ bytes: Int64) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return "\((bytes + 500) / 1_000) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
