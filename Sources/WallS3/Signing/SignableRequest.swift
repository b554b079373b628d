/// A request as Signature Version 4 sees it: decoded path and query, headers, and the payload's
/// hash. The URL sent must be built from `SigV4Signer.canonicalURI` and
/// `SigV4Signer.canonicalQuery`, so what is signed is exactly what is sent.
public struct SignableRequest: Sendable, Equatable {
    /// The HTTP method, upper case.
    public var method: String
    /// The path, not percent-encoded (S3: `/key with spaces` or `/bucket/key`); the signer encodes
    /// it once.
    public var path: String
    /// The query's names and values, not percent-encoded, in any order.
    public var query: [QueryItem]
    /// The headers to sign and send, in order (a name may repeat).
    public var headers: [Header]
    /// The payload's SHA-256 in lower-case hex, or `SigV4Signer.unsignedPayload`.
    public var payloadHash: String

    /// One query parameter.
    public struct QueryItem: Sendable, Equatable {
        /// The name, not encoded.
        public var name: String
        /// The value, not encoded (empty for a bare `?lifecycle`).
        public var value: String

        /// Makes a query parameter.
        public init(_ name: String, _ value: String = "") {
            self.name = name
            self.value = value
        }
    }

    /// One header line.
    public struct Header: Sendable, Equatable {
        /// The name, in any case.
        public var name: String
        /// The value as sent.
        public var value: String

        /// Makes a header line.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Makes a request to sign.
    public init(method: String, path: String, query: [QueryItem] = [], headers: [Header] = [], payloadHash: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.payloadHash = payloadHash
    }

    /// The value of the first header with this name (any case), if any.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Replaces every header of this name (any case) with one line.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append(Header(name, value))
    }
}
