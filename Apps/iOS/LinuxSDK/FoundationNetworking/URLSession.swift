import Foundation

/// The settings of a URL session.
open class URLSessionConfiguration: NSObject, NSCopying, @unchecked Sendable {
    /// Copies it.
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
    /// A session that keeps nothing on disk.
    open class var ephemeral: URLSessionConfiguration { fatalError() }
    /// A session whose transfers the system carries on while the app is suspended or ended.
    open class func background(withIdentifier identifier: String) -> URLSessionConfiguration { fatalError() }
    /// The background session's identifier.
    open var identifier: String? { fatalError() }
    /// The App Group whose container a background session's files are in (app extensions).
    open var sharedContainerIdentifier: String?
    /// Whether the app is woken or launched when a background transfer ends.
    open var sessionSendsLaunchEvents: Bool
    /// Whether the system may wait for a good moment (power, Wi-Fi).
    open var isDiscretionary: Bool
    /// Connections per host.
    open var httpMaximumConnectionsPerHost: Int
    /// The idle timeout of a request.
    open var timeoutIntervalForRequest: TimeInterval
    /// The longest a resource may take.
    open var timeoutIntervalForResource: TimeInterval
    /// The cache policy.
    open var requestCachePolicy: URLRequest.CachePolicy
    private override init() { fatalError() }
}

/// Coordinates a group of network transfers.
open class URLSession: NSObject, @unchecked Sendable {
    /// A session with `configuration`.
    public init(configuration: URLSessionConfiguration) { fatalError() }
    /// A session with `configuration` whose events go to `delegate`, on `queue` (a serial one of its own when `nil`).
    public init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue queue: OperationQueue?) { fatalError() }
    /// The configuration (a copy).
    open var configuration: URLSessionConfiguration { fatalError() }
    /// Lets running tasks finish, then invalidates the session (and lets go of its delegate).
    open func finishTasksAndInvalidate() { fatalError() }
    /// Cancels every task and invalidates the session.
    open func invalidateAndCancel() { fatalError() }
    /// A data task whose result goes to `completionHandler`.
    open func dataTask(with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask { fatalError() }
    /// A data task whose events go to the delegate.
    open func dataTask(with request: URLRequest) -> URLSessionDataTask { fatalError() }
    /// An upload of `fileURL`'s contents (the only kind a background session takes).
    open func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> URLSessionUploadTask { fatalError() }
}

/// One transfer.
open class URLSessionTask: NSObject, @unchecked Sendable {
    /// Its number within the session.
    open var taskIdentifier: Int { fatalError() }
    /// A description the app sets (kept across launches for background tasks).
    open var taskDescription: String?
    /// The response, once received.
    open var response: URLResponse? { fatalError() }
    /// Starts or resumes it.
    open func resume() { fatalError() }
    /// Cancels it.
    open func cancel() { fatalError() }
}

/// A transfer of data into memory.
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}

/// An upload.
open class URLSessionUploadTask: URLSessionDataTask, @unchecked Sendable {}
