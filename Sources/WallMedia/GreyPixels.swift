/// A picture as recognition reads it: 8-bit grey, one byte a pixel, row after row.
public struct GreyPixels: Sendable, Equatable {
    /// The pixels, `width × height` bytes.
    public var bytes: [UInt8]
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int

    /// Makes a picture; `bytes` must hold `width × height` pixels.
    public init(bytes: [UInt8], width: Int, height: Int) {
        precondition(bytes.count == width * height, "A grey picture has one byte a pixel.")
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}
