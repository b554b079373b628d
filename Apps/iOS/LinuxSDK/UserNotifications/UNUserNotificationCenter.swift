import Foundation

/// What a notification may do.
public struct UNAuthorizationOptions: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// Makes options.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Play a sound.
    public static var sound: UNAuthorizationOptions { fatalError() }
    /// Show an alert.
    public static var alert: UNAuthorizationOptions { fatalError() }
}

/// A notification's content (immutable).
open class UNNotificationContent: NSObject, NSCopying, @unchecked Sendable {
    /// Copies it.
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}

/// A notification's content, to fill in.
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// The title.
    open var title: String { get { fatalError() } set { fatalError() } }
    /// The body.
    open var body: String { get { fatalError() } set { fatalError() } }
}

/// What makes a notification be delivered.
open class UNNotificationTrigger: NSObject, @unchecked Sendable {}

/// A notification to deliver.
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    /// A request; delivered at once when `trigger` is `nil`.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) { fatalError() }
}

/// The app's notifications.
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    /// The app's center.
    open class func current() -> UNUserNotificationCenter { fatalError() }
    /// Asks the person for permission.
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { fatalError() }
    /// Schedules a notification.
    open func add(_ request: UNNotificationRequest) async throws { fatalError() }
}
