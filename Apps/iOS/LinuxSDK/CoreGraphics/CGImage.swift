import Foundation

// CoreGraphics, as far as the app uses it. `CGFloat`, `CGSize`, `CGRect` come from Linux's
// Foundation, as they do from Apple's.

/// A bitmap image (a Core Foundation type: a class in Swift, and not `Sendable`).
public final class CGImage {
    private init() { fatalError() }
    /// The width of the image, in pixels.
    public var width: Int { fatalError() }
    /// The height of the image, in pixels.
    public var height: Int { fatalError() }
}
