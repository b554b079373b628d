/// Tells a raster image's real type from its first bytes, so a server that labels a page or a
/// script `image/png` can't get it stored and served as a picture.
public enum ImageSniffer {
    /// The media type the bytes start like (PNG, JPEG, GIF, WebP, AVIF, ICO), or nil.
    public static func mediaType(of bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4) { return "image/avif" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "image/x-icon" }
        return nil
    }
}
