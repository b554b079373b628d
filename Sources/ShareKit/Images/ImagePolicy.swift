import WallCore

/// Decides the largest size an image may have when it leaves the device: send it as it is, send
/// a smaller copy (at most so many pixels on its long side), or don't send it.
///
/// The one policy for every client. The iOS share extension asks it for each picture before the
/// share enters the outbox (`apply(to:pixelSize:downscale:)`) and makes the smaller copy with
/// ImageIO (`CGImageSourceCreateThumbnailAtIndex` with `kCGImageSourceThumbnailMaxPixelSize` and
/// `kCGImageSourceCreateThumbnailWithTransform`, which decodes at the smaller size, so the
/// extension stays well inside its memory limit, and applies the EXIF orientation). Where no
/// downscaler exists (`canDownscale` false, as on Linux) a file is sent as it is, or refused when
/// it is over the server's limit. Non-image files and GIFs (which would lose their animation) are
/// never changed.
public struct ImagePolicy: Sendable, Equatable {
    /// The largest file the server takes (its `--max-upload-mb`).
    public var maxUploadBytes: Int64
    /// The longest edge sent, in pixels: what a wall card or an item page shows at most, at 3× on
    /// the largest phone; originals above it are camera resolution nobody zooms into from a wall.
    public var maxPixelSize: Int
    /// Memory the downscaled bitmap may take (4 bytes a pixel), for the extension's budget.
    public var maxBitmapBytes: Int
    /// JPEG quality (0…1) of a smaller copy.
    public var jpegQuality: Double
    /// Whether this platform can make a smaller copy.
    public var canDownscale: Bool

    /// Makes a policy; the defaults suit an iOS share extension (about 120 MB of memory in all).
    public init(
        maxUploadBytes: Int64 = Limits.defaultMaxUploadBytes, maxPixelSize: Int = 2_048,
        maxBitmapBytes: Int = 48 * 1_048_576, jpegQuality: Double = 0.85, canDownscale: Bool
    ) {
        self.maxUploadBytes = maxUploadBytes
        self.maxPixelSize = maxPixelSize
        self.maxBitmapBytes = maxBitmapBytes
        self.jpegQuality = jpegQuality
        self.canDownscale = canDownscale
    }

    /// The phone's policy: pictures larger than 2,048 pixels or the server's limit are made smaller.
    public static let phone = ImagePolicy(canDownscale: true)

    /// What is known about a file before sending it.
    public struct Facts: Sendable, Equatable {
        /// Its size in bytes.
        public var byteCount: Int64
        /// Whether it is a picture the device could re-encode (JPEG, PNG, HEIC, …; not a GIF).
        public var isImage: Bool
        /// Its width and height in pixels, when known.
        public var pixelSize: (width: Int, height: Int)?

        /// Makes facts.
        public init(byteCount: Int64, isImage: Bool, pixelSize: (width: Int, height: Int)? = nil) {
            self.byteCount = byteCount
            self.isImage = isImage
            self.pixelSize = pixelSize
        }

        /// Equal when every fact is.
        public static func == (lhs: Facts, rhs: Facts) -> Bool {
            lhs.byteCount == rhs.byteCount && lhs.isImage == rhs.isImage
                && lhs.pixelSize?.width == rhs.pixelSize?.width && lhs.pixelSize?.height == rhs.pixelSize?.height
        }
    }

    /// What to do with a file.
    public enum Decision: Sendable, Equatable {
        /// Send the file unchanged.
        case sendAsIs
        /// Send a copy whose longest edge is at most this many pixels (JPEG at `jpegQuality`,
        /// EXIF orientation applied).
        case downscale(maxPixelSize: Int)
        /// Don't send it: it is over the server's limit and can't be made smaller here.
        case refuse(String)
    }

    /// The decision for one file.
    public func decide(_ facts: Facts) -> Decision {
        let fits = facts.byteCount <= maxUploadBytes
        guard facts.isImage, canDownscale else {
            return fits ? .sendAsIs : .refuse(tooLarge(facts))
        }
        let memoryEdge = Int(Double(maxBitmapBytes / 4).squareRoot())
        let cap = min(maxPixelSize, memoryEdge)
        guard let size = facts.pixelSize, size.width > 0, size.height > 0 else {
            // Unknown dimensions: a copy at the cap is safe for memory and small enough to send.
            return fits ? .sendAsIs : .downscale(maxPixelSize: cap)
        }
        let longest = max(size.width, size.height)
        if fits && longest <= cap { return .sendAsIs }
        var target = min(longest, cap)
        if !fits {
            // Bytes grow with pixels: scale the edge by the square root of the overshoot, with room.
            let ratio = (Double(maxUploadBytes) * 0.8 / Double(facts.byteCount)).squareRoot()
            target = min(target, max(1, Int(Double(longest) * ratio)))
        }
        return .downscale(maxPixelSize: target)
    }

    private func tooLarge(_ facts: Facts) -> String {
        "The file is \(facts.byteCount / 1_048_576) MB; the server takes at most \(maxUploadBytes / 1_048_576) MB."
    }
}
