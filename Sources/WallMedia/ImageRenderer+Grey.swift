import CVips
import Foundation
import WallCore

extension ImageRenderer {
    /// How many pages the document at `path` has (1 for a still image, a GIF's frames count).
    public static func pageCount(of path: String) throws -> Int {
        try start()
        let pages = dwall_vips_pages(path)
        guard pages >= 0 else { throw lastError("read") }
        return max(1, Int(pages))
    }

    /// The image at `path` (or page `page` of a PDF, from 0) as grey pixels for recognition:
    /// decoded by libvips, EXIF orientation applied, scaled down to at most `maxPixels` (a PDF
    /// page rendered at `Limits.recognitionPDFResolution` within that). Refuses pictures of more
    /// than `Limits.maxRecognitionSourcePixels` before decoding them. Blocks its thread.
    public static func greyPixels(
        of path: String, page: Int? = nil, maxPixels: Int = Limits.maxRecognitionPixels
    ) throws -> GreyPixels {
        let name = page.map { "\(path)[page=\($0)]" } ?? path
        let size = try dimensions(of: name)
        let pixels = size.width * size.height
        guard size.width > 0, size.height > 0, pixels <= Limits.maxRecognitionSourcePixels else {
            throw MediaError(
                "The picture is \(size.width)×\(size.height) pixels; at most \(Limits.maxRecognitionSourcePixels) are recognised."
            )
        }
        // A PDF's size is its page at 72 dpi: render it at the recognition resolution.
        let wanted = page == nil ? 1.0 : Double(Limits.recognitionPDFResolution) / 72
        let scale = min(wanted, (Double(maxPixels) / Double(pixels)).squareRoot())
        let width = max(1, Int((Double(size.width) * scale).rounded(.down)))
        let height = max(1, Int((Double(size.height) * scale).rounded(.down)))
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        var shownWidth: Int32 = 0
        var shownHeight: Int32 = 0
        guard dwall_vips_grey_pixels(
            name, Int32(width), Int32(height), page == nil ? 0 : 1, &buffer, &length, &shownWidth, &shownHeight
        ) == 0, let buffer else { throw lastError("decode") }
        defer { g_free(buffer) }
        guard length == Int(shownWidth) * Int(shownHeight) else { throw MediaError("libvips gave a picture of the wrong size.") }
        let bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
        return GreyPixels(bytes: bytes, width: Int(shownWidth), height: Int(shownHeight))
    }

    /// `text` drawn black on white at `dpi` (DejaVu Sans), as PNG or JPEG: for tests and
    /// benchmarks of recognition. With a `canvas`, the text is wrapped to its width and drawn
    /// on a picture of that size.
    public static func textImage(
        _ text: String, dpi: Int = 150, canvas: (width: Int, height: Int)? = nil, jpeg: Bool = false
    ) throws -> [UInt8] {
        try start()
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let width = Int32(canvas?.width ?? 0)
        let height = Int32(canvas?.height ?? 0)
        guard dwall_vips_text_image(text, Int32(dpi), width, height, jpeg ? 1 : 0, &buffer, &length) == 0, let buffer else {
            throw lastError("draw")
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
