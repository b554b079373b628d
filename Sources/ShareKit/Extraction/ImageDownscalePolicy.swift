import Foundation

/// How pictures are made smaller on the phone before they enter the outbox, so a share extension
/// (whose memory is capped near 120 MB) never holds a full-size photo: which pictures, to what
/// size, and under what name. The decoding itself is ImageIO's (an Apple-only adapter).
///
/// `maxPixelSize` is a constant here because the server's image policy (the images issue) is not
/// in the tree yet; 2048 pixels on the long side is what a wall card or an item page shows at
/// most, at 3× on the largest phone. When that policy lands, take the size from it.
public struct ImageDownscalePolicy: Sendable, Equatable {
    /// The longest side of a picture sent, in pixels.
    public var maxPixelSize: Int
    /// JPEG quality of the re-encoded picture (0…1).
    public var jpegQuality: Double

    /// Makes a policy.
    public init(maxPixelSize: Int, jpegQuality: Double) {
        self.maxPixelSize = maxPixelSize
        self.jpegQuality = jpegQuality
    }

    /// 2048 pixels, quality 0.85.
    public static let standard = ImageDownscalePolicy(maxPixelSize: 2048, jpegQuality: 0.85)

    /// Whether `file` is re-encoded: any picture but a GIF (which would lose its animation).
    public func shouldDownscale(_ file: AttachmentFile, table: TypeTable = .standard) -> Bool {
        table.conforms(file.type, to: .image) && !table.conforms(file.type, to: .gif)
    }

    /// The name a re-encoded picture is sent under: the same stem, `.jpg`.
    public func downscaledFilename(_ filename: String) -> String {
        let stem = (filename as NSString).deletingPathExtension
        return (stem.isEmpty ? "picture" : stem) + ".jpg"
    }

    /// The contents with every picture it applies to replaced by what `downscale` makes of it
    /// (JPEG bytes no larger than `maxPixelSize`). A picture `downscale` can't read (it returns
    /// `nil` or throws) is kept as it was: the server decides about it.
    public func apply(to contents: [SharedContent], table: TypeTable = .standard, downscale: (AttachmentFile, ImageDownscalePolicy) throws -> Data?) -> [SharedContent] {
        contents.map { content in
            guard case .image(let file) = content, shouldDownscale(file, table: table),
                  let data = try? downscale(file, self) else { return content }
            return .image(AttachmentFile(source: .data(data), type: .jpeg, filename: downscaledFilename(file.filename)))
        }
    }
}
