import Foundation

/// A uniform type identifier.
public struct UTType: Hashable, Sendable {
    /// The type's identifier string.
    public var identifier: String { fatalError() }
    /// A JPEG image.
    public static var jpeg: UTType { fatalError() }
}
