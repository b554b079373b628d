@_exported import CoreGraphics
@_exported import Foundation

// UIKit, as far as the app and ShareKit use it. Every class here is `@MainActor`, as in the SDK.

/// An object that responds to events.
@MainActor
open class UIResponder: NSObject {}

/// A rectangular area of the screen.
@MainActor
open class UIView: UIResponder {
    /// How a view resizes with its superview.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// Makes a mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The width follows the superview's.
        public static var flexibleWidth: UIView.AutoresizingMask { fatalError() }
        /// The height follows the superview's.
        public static var flexibleHeight: UIView.AutoresizingMask { fatalError() }
    }

    /// Its frame in the superview's coordinates.
    open var frame: CGRect { get { fatalError() } set { fatalError() } }
    /// Its bounds in its own coordinates.
    open var bounds: CGRect { get { fatalError() } set { fatalError() } }
    /// How it resizes.
    open var autoresizingMask: UIView.AutoresizingMask { get { fatalError() } set { fatalError() } }
    /// Adds a subview on top.
    open func addSubview(_ view: UIView) { fatalError() }
}
