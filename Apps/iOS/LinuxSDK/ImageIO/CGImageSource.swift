@_exported import CoreGraphics
import Foundation

// ImageIO, as far as the app uses it: image sources and destinations, and the keys of their
// option dictionaries (`CFString`s, which Swift imports as global constants).

/// Reads image data from a URL or bytes.
public final class CGImageSource {
    private init() { fatalError() }
}

/// Writes image data.
public final class CGImageDestination {
    private init() { fatalError() }
}

/// An image source reading the file at `url`.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? { fatalError() }
/// An image source reading `data`.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { fatalError() }
/// How many images the source holds.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { fatalError() }
/// The properties of image `index` (its pixel size among them).
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? { fatalError() }
/// A thumbnail of image `index`.
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? { fatalError() }

/// A destination writing `count` images of `type` into `data`.
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? { fatalError() }
/// Adds an image.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) { fatalError() }
/// Writes the data; `false` when it could not.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool { fatalError() }

/// Whether decoded images are cached.
public var kCGImageSourceShouldCache: CFString { fatalError() }
/// Whether the image is decoded when the thumbnail is made.
public var kCGImageSourceShouldCacheImmediately: CFString { fatalError() }
/// Makes a thumbnail from the full image even when the file has one.
public var kCGImageSourceCreateThumbnailFromImageAlways: CFString { fatalError() }
/// Applies the orientation to the thumbnail.
public var kCGImageSourceCreateThumbnailWithTransform: CFString { fatalError() }
/// The thumbnail's longest side in pixels.
public var kCGImageSourceThumbnailMaxPixelSize: CFString { fatalError() }
/// The image's width in pixels.
public var kCGImagePropertyPixelWidth: CFString { fatalError() }
/// The image's height in pixels.
public var kCGImagePropertyPixelHeight: CFString { fatalError() }
/// The lossy compression quality, 0 to 1.
public var kCGImageDestinationLossyCompressionQuality: CFString { fatalError() }
