/// A rendition made from an image or a PDF page: JPEG bytes without metadata, and their size.
public struct Rendition: Sendable, Equatable {
    /// The JPEG bytes.
    public var jpeg: [UInt8]
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int

    /// Makes a rendition.
    public init(jpeg: [UInt8], width: Int, height: Int) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
    }
}
