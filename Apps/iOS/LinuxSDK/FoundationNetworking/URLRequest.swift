import Foundation

// URL loading as Apple's Foundation declares it. Linux's FoundationNetworking differs (no
// background sessions, a read-only `sharedContainerIdentifier`), so this module takes its name
// and place: ShareKit's `#if canImport(FoundationNetworking)` imports compile against it too,
// and the app and ShareKit meet one URLSession, the one iOS has.

/// A URL load request.
public struct URLRequest: Equatable, Hashable, Sendable {
    /// A request's cache policy.
    public enum CachePolicy: UInt, Sendable {
        /// The protocol's default.
        case useProtocolCachePolicy = 0
        /// Loads from the origin, ignoring local caches.
        case reloadIgnoringLocalCacheData = 1
    }

    /// Makes a GET request for `url`.
    public init(url: URL, cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60) { fatalError() }
    /// The request's URL.
    public var url: URL?
    /// The HTTP method.
    public var httpMethod: String?
    /// The body.
    public var httpBody: Data?
    /// The timeout.
    public var timeoutInterval: TimeInterval
    /// Sets a header.
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) { fatalError() }
}

/// The metadata of a response.
open class URLResponse: NSObject, NSCopying, @unchecked Sendable {
    /// Copies it.
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
    /// The URL.
    open var url: URL? { fatalError() }
}

/// The metadata of an HTTP response.
open class HTTPURLResponse: URLResponse, @unchecked Sendable {
    /// The status code.
    open var statusCode: Int { fatalError() }
    /// The headers.
    open var allHeaderFields: [AnyHashable: Any] { fatalError() }
}
