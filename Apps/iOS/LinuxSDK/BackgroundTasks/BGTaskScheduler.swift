import Foundation

/// A request to launch the app in the background.
open class BGTaskRequest: NSObject, NSCopying, @unchecked Sendable {
    /// Copies it.
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
    /// The identifier (listed in `BGTaskSchedulerPermittedIdentifiers`).
    open var identifier: String { fatalError() }
    /// The earliest the task may begin.
    open var earliestBeginDate: Date?
}

/// A request to launch the app briefly to refresh its content.
open class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// A request for the task `identifier`.
    public init(identifier: String) { fatalError() }
}

/// Schedules background tasks.
open class BGTaskScheduler: NSObject, @unchecked Sendable {
    /// The shared scheduler.
    open class var shared: BGTaskScheduler { fatalError() }
    /// Submits a request; throws when it can't be scheduled.
    open func submit(_ taskRequest: BGTaskRequest) throws { fatalError() }
}
