import Foundation

/// A notification center (here: the Darwin one, which crosses processes).
public final class CFNotificationCenter {
    private init() { fatalError() }
}

/// A notification's name.
public struct CFNotificationName: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    /// The name.
    public var rawValue: CFString
    /// Wraps `rawValue`.
    public init(_ rawValue: CFString) { self.rawValue = rawValue }
    /// Wraps `rawValue`.
    public init(rawValue: CFString) { self.rawValue = rawValue }
}

/// When a suspended observer receives a notification.
public enum CFNotificationSuspensionBehavior: Int, @unchecked Sendable {
    /// Dropped while suspended.
    case drop = 1
    /// Coalesced into one delivered on resumption.
    case coalesce = 2
    /// Held until resumption.
    case hold = 3
    /// Delivered at once.
    case deliverImmediately = 4
}

/// The callback an observer registers: a C function, so a closure given for it captures nothing,
/// as on Apple platforms. Its parameters (center, observer, name, object, user info) are opaque
/// here, because a C function type can't name Swift classes on Linux.
public typealias CFNotificationCallback = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, OpaquePointer?, UnsafeRawPointer?, OpaquePointer?
) -> Void

/// The Darwin notification center.
public func CFNotificationCenterGetDarwinNotifyCenter() -> CFNotificationCenter! { fatalError() }

/// Posts a notification.
public func CFNotificationCenterPostNotification(
    _ center: CFNotificationCenter!, _ name: CFNotificationName!, _ object: UnsafeRawPointer!,
    _ userInfo: CFDictionary!, _ deliverImmediately: Bool
) { fatalError() }

/// Registers an observer.
public func CFNotificationCenterAddObserver(
    _ center: CFNotificationCenter!, _ observer: UnsafeRawPointer!, _ callBack: CFNotificationCallback!,
    _ name: CFString!, _ object: UnsafeRawPointer!, _ suspensionBehavior: CFNotificationSuspensionBehavior
) { fatalError() }
