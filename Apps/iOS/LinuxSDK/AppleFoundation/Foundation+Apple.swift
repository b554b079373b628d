import Combine
import Foundation
import FoundationNetworking

extension FileManager {
    /// The App Group's shared folder; `nil` when the group is not in the entitlements.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { fatalError() }
}

extension ProcessInfo {
    /// Runs `block` on another thread and tells it (`expired == true`) when the process is about
    /// to be suspended; the process is kept running until `block` returns.
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) { fatalError() }
}

extension NotificationCenter {
    /// A publisher that emits a notification center's notifications.
    public struct Publisher: Combine.Publisher {
        /// The notification.
        public typealias Output = Notification
        /// It never fails.
        public typealias Failure = Never
    }

    /// The notifications named `name` (from `object`) as a publisher.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher { fatalError() }
}
