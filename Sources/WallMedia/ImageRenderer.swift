import CVips
import Foundation
import WallCore

/// Thumbnails and previews of images and PDFs (first page) with libvips: EXIF orientation
/// applied, never enlarged, JPEG with every metadata block stripped, so no location leaves the
/// server. libvips is thread-safe; calls block their thread, so run them off the event loops.
public enum ImageRenderer {
    /// The shown width and height of the image or first page at `path` (after EXIF orientation).
    public static func dimensions(of path: String) throws -> (width: Int, height: Int) {
        try start()
        var width: Int32 = 0
        var height: Int32 = 0
        guard dwall_vips_header(path, &width, &height) == 0 else { throw lastError("read") }
        return (Int(width), Int(height))
    }

    /// A JPEG `width` pixels wide (or the image's own width when smaller), at most three times as
    /// high; refuses images of more than `Limits.maxImagePixels`.
    public static func rendition(of path: String, width: Int) throws -> Rendition {
        let size = try dimensions(of: path)
        guard size.width > 0, size.height > 0, size.width * size.height <= Limits.maxImagePixels else {
            throw MediaError("The image is \(size.width)×\(size.height) pixels; at most \(Limits.maxImagePixels) are processed.")
        }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard dwall_vips_rendition(path, Int32(width), Int32(width * 3), &buffer, &length) == 0, let buffer else {
            throw lastError("render")
        }
        defer { g_free(buffer) }
        let jpeg = Array(UnsafeRawBufferPointer(start: buffer, count: length))
        var shownWidth: Int32 = 0
        var shownHeight: Int32 = 0
        guard dwall_vips_buffer_size(buffer, length, &shownWidth, &shownHeight) == 0 else { throw lastError("measure") }
        return Rendition(jpeg: jpeg, width: Int(shownWidth), height: Int(shownHeight))
    }

    private static let started: Bool = dwall_vips_start() == 0

    static func start() throws {
        guard started else { throw MediaError("libvips could not start.") }
    }

    static func lastError(_ step: String) -> MediaError {
        let message = String(cString: vips_error_buffer()).trimmingCharacters(in: .whitespacesAndNewlines)
        vips_error_clear()
        return MediaError("libvips could not \(step) the file: \(message.prefix(300))")
    }
}

extension ImageRenderer {
    /// A JPEG (or PNG) of grey noise, `width` × `height`, without metadata: for tests and benchmarks.
    public static func noiseImage(width: Int, height: Int, png: Bool = false) throws -> [UInt8] {
        try start()
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard dwall_vips_noise_image(Int32(width), Int32(height), png ? 1 : 0, &buffer, &length) == 0, let buffer else {
            throw lastError("make")
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
