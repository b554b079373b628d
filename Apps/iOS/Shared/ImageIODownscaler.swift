import Foundation
import ImageIO
import ShareKit
import UniformTypeIdentifiers

/// Makes a picture small with ImageIO before it enters the outbox, as ShareKit's `ImagePolicy`
/// decides: a thumbnail no larger than the size it names, decoded straight from the file or bytes
/// (never the full image in memory), with its orientation applied, encoded as JPEG.
enum ImageIODownscaler {
    /// The width and height of `file` from its header (nothing is decoded); `nil` when ImageIO
    /// can't read it.
    static func pixelSize(_ file: AttachmentFile) -> (width: Int, height: Int)? {
        let options = [kCGImageSourceShouldCache: false] as CFDictionary
        let source: CGImageSource?
        switch file.source {
        case .file(let url): source = CGImageSourceCreateWithURL(url as CFURL, options)
        case .data(let data): source = CGImageSourceCreateWithData(data as CFData, options)
        }
        guard let source, let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, options) as? [CFString: Any],
              let width = properties[kCGImagePropertyPixelWidth] as? Int, let height = properties[kCGImagePropertyPixelHeight] as? Int
        else { return nil }
        return (width, height)
    }

    /// The JPEG bytes of `file` at most `maxPixelSize` on its long side, at the policy's JPEG
    /// quality; `nil` when ImageIO can't read it.
    static func downscale(_ file: AttachmentFile, maxPixelSize: Int, policy: ImagePolicy) -> Data? {
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
            kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
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
