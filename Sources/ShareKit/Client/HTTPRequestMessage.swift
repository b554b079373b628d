import Foundation

/// An HTTP request as plain values.
public struct HTTPRequestMessage: Sendable, Equatable {
    /// `GET`, `POST`, `DELETE`…
    public var method: String
    /// The full address.
    public var url: URL
    /// Header fields.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// How long to wait for the response; the transport's default when `nil`.
    public var timeout: Duration?

    /// Makes a request.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Duration? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
