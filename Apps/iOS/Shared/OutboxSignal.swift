import CoreFoundation
import Foundation

/// The Darwin notification the extension posts after it left shares in the outbox, so a running
/// app drains at once. Darwin notifications carry no data and cross process boundaries.
enum OutboxSignal {
    /// Posted on `NotificationCenter.default` in the app when the signal arrives.
    static let received = Notification.Name("DigitalWall.outboxChanged")

    /// Tells a running app (from the extension).
    static func post(_ name: String) {
        let center = CFNotificationCenterGetDarwinNotifyCenter()
        CFNotificationCenterPostNotification(center, CFNotificationName(name as CFString), nil, nil, true)
    }

    /// Starts passing the signal on as `received` (in the app, once).
    static func observe(_ name: String) {
        let center = CFNotificationCenterGetDarwinNotifyCenter()
        CFNotificationCenterAddObserver(center, nil, { _, _, _, _, _ in
            NotificationCenter.default.post(name: OutboxSignal.received, object: nil)
        }, name as CFString, nil, .deliverImmediately)
    }
}
