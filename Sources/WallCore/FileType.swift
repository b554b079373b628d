/// A file's type as read from its first bytes; what a share is accepted as is decided here,
/// never from the client's claim or the file's name.
public struct FileType: Sendable, Equatable, Hashable {
    /// The media type, e.g. `image/jpeg`.
    public var mediaType: String
    /// Whether shares of this type are accepted.
    public var isAccepted: Bool
    /// Whether it is an image the server makes thumbnails of and browsers may show inline.
    public var isImage: Bool

    /// How many leading bytes `detect` needs.
    public static let sniffLength = 32

    /// The type of a file that begins with `head` (at least `sniffLength` bytes when it is longer).
    public static func detect(_ head: some Collection<UInt8>) -> FileType {
        let bytes = Array(head.prefix(sniffLength))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        if starts([0xFF, 0xD8, 0xFF]) { return .image("image/jpeg") }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .image("image/png") }
        if ascii("GIF87a") || ascii("GIF89a") { return .image("image/gif") }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return .image("image/webp") }
        if ascii("ftyp", at: 4) {
            let brand = bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
            if ["heic", "heix", "hevc", "hevx", "heim", "heis"].contains(brand) { return .image("image/heic") }
            if ["mif1", "msf1"].contains(brand) { return .image("image/heif") }
            if brand.hasPrefix("avif") { return .other("image/avif") }
            return .other("video/mp4")
        }
        if ascii("%PDF-") { return FileType(mediaType: "application/pdf", isAccepted: true, isImage: false) }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return .other("application/zip") }
        if ascii("<svg") || ascii("<?xml") { return .other("image/svg+xml") }
        if ascii("<!DOCTYPE") || ascii("<html") || ascii("<HTML") { return .other("text/html") }
        if bytes.isEmpty { return .other("application/x-empty") }
        let printable = bytes.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 >= 0x20 }
        return .other(printable ? "text/plain" : "application/octet-stream")
    }

    /// An accepted image type.
    static func image(_ mediaType: String) -> FileType { FileType(mediaType: mediaType, isAccepted: true, isImage: true) }
    /// A refused type.
    static func other(_ mediaType: String) -> FileType { FileType(mediaType: mediaType, isAccepted: false, isImage: false) }

    /// Whether a browser may show a file of this stored media type inline (raster images only;
    /// SVG and everything else are sent as attachments).
    public static func isSafeInline(_ mediaType: String) -> Bool {
        ["image/jpeg", "image/png", "image/gif", "image/webp"].contains(mediaType)
    }
}
