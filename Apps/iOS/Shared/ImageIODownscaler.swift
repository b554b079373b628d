import Foundation
import ImageIO
import ShareKit
import UniformTypeIdentifiers

/// Makes a picture small with ImageIO before it enters the outbox: a thumbnail no larger than the
/// policy's size, decoded straight from the file or bytes (never the full image in memory), with
/// its orientation applied, encoded as JPEG.
enum ImageIODownscaler {
    /// The JPEG bytes of `file` at most `policy.maxPixelSize` on its long side; `nil` when ImageIO
    /// can't read it.
    static func downscale(_ file: AttachmentFile, policy: ImageDownscalePolicy) -> Data? {
        let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        let source: CGImageSource?
        switch file.source {
        case .file(let url): source = CGImageSourceCreateWithURL(url as CFURL, sourceOptions)
        case .data(let data): source = CGImageSourceCreateWithData(data as CFData, sourceOptions)
        }
        guard let source, CGImageSourceGetCount(source) > 0 else { return nil }
        let thumbnailOptions = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceShouldCacheImmediately: true,
            kCGImageSourceThumbnailMaxPixelSize: policy.maxPixelSize,
        ] as CFDictionary
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions) else { return nil }
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, UTType.jpeg.identifier as CFString, 1, nil) else {
            return nil
        }
        CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: policy.jpegQuality] as CFDictionary)
        guard CGImageDestinationFinalize(destination) else { return nil }
        return output as Data
    }

    /// A small thumbnail for the share sheet's preview (`maxPixelSize` on its long side).
    static func thumbnail(_ file: AttachmentFile, maxPixelSize: Int) -> CGImage? {
        let source: CGImageSource?
        switch file.source {
        case .file(let url): source = CGImageSourceCreateWithURL(url as CFURL, nil)
        case .data(let data): source = CGImageSourceCreateWithData(data as CFData, nil)
        }
        guard let source else { return nil }
        let options = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
        ] as CFDictionary
        return CGImageSourceCreateThumbnailAtIndex(source, 0, options)
    }
}
