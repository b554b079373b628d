import Foundation

/// An image (immutable, `Sendable`).
open class UIImage: NSObject, @unchecked Sendable {
    /// How the image is rotated.
    public enum Orientation: Int, Sendable {
        /// As stored.
        case up = 0
    }

    /// An image of `cgImage` at `scale`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) { fatalError() }
    /// JPEG data, `nil` when it can't be encoded.
    open func jpegData(compressionQuality: CGFloat) -> Data? { fatalError() }
}

extension UIImage: NSItemProviderReading {
    /// The types it reads.
    public static var readableTypeIdentifiersForItemProvider: [String] { fatalError() }
    /// Makes an image from data.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self { fatalError() }
}
