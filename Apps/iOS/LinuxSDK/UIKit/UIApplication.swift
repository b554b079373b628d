import Foundation

/// A background task's token.
public struct UIBackgroundTaskIdentifier: Hashable, Equatable, RawRepresentable, Sendable {
    /// The raw value.
    public var rawValue: Int
    /// Wraps `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// No background task.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// The running app (not available to app extensions: `NS_EXTENSION_UNAVAILABLE_IOS`, which
/// Linux can't check; see docs/testing.md).
@MainActor
open class UIApplication: UIResponder {
    /// The app.
    open class var shared: UIApplication { fatalError() }
    /// The background time left (`greatestFiniteMagnitude` in the foreground).
    open var backgroundTimeRemaining: TimeInterval { fatalError() }
    /// Asks for background time; `handler` runs on the main actor just before it ends.
    open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { fatalError() }
    /// Ends a background task.
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { fatalError() }
}

/// The app's delegate. Its methods are optional in the SDK; each is a requirement with a default
/// here, so a near-miss is a warning, as in Xcode.
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// The system woke (or launched) the app for events of the background URL session
    /// `identifier`; call `completionHandler` once they are handled.
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    )
}

extension UIApplicationDelegate {
    /// Optional: calls nothing.
    public func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {}
}
