import WallCore

/// Why talking to the server failed, as the API's error body says (or the network does).
public enum ShareError: Error, Sendable, Equatable {
    /// The server could not be reached (no network, refused, DNS).
    case offline(String)
    /// No answer arrived in time.
    case timedOut
    /// The attempt was cancelled (the drain stopped, the extension was closed).
    case cancelled
    /// The token is missing, unknown or revoked: sign in again.
    case unauthorized(String)
    /// Too many requests; wait `retryAfter` (when the server said) before trying again.
    case rateLimited(retryAfter: Duration?)
    /// The server is shutting down or overloaded; wait `retryAfter` before trying again.
    case unavailable(retryAfter: Duration?)
    /// The server refused the request's content (400), naming the field when it can.
    case invalid(field: String?, message: String)
    /// Absent or not the caller's (404): an unknown wall, a deleted item.
    case notFound(field: String?, message: String)
    /// The request contradicts what is stored (409): `conflict` or `share_deleted`.
    case conflict(code: ErrorCode, message: String)
    /// The request is larger than the server takes (413).
    case tooLarge(String)
    /// The server does not take this kind of content (415).
    case unsupported(String)
    /// The server failed (5xx).
    case server(status: Int, message: String)
    /// An answer the client can't read.
    case unexpected(status: Int, message: String)
    /// The share could not be written to this device's outbox.
    case storage(String)

    /// Whether trying the same request again later may succeed.
    public var isRetryable: Bool {
        switch self {
        case .offline, .timedOut, .cancelled, .rateLimited, .unavailable, .server, .storage: true
        case .unauthorized, .invalid, .notFound, .conflict, .tooLarge, .unsupported, .unexpected: false
        }
    }

    /// Whether a share that met this error should stay in the outbox to be sent later: the
    /// retryable network and server failures, and a refused token (fixed by signing in again).
    public var shouldKeepForLater: Bool {
        switch self {
        case .offline, .timedOut, .cancelled, .rateLimited, .unavailable, .server, .unauthorized: true
        case .invalid, .notFound, .conflict, .tooLarge, .unsupported, .unexpected, .storage: false
        }
    }

    /// Whether the error shows the server holds (or held) the share: a 2xx whose body named the
    /// share but could not be read whole (`ShareAcknowledgement`), or `share_deleted` (it was
    /// stored, then its item was deleted).
    public var meansDelivered: Bool {
        switch self {
        case .conflict(code: .shareDeleted, _): true
        case .unexpected(let status, _): (200..<300).contains(status)
        default: false
        }
    }

    /// How long the server asked to wait, for 429 and 503.
    public var retryAfter: Duration? {
        switch self {
        case .rateLimited(let wait), .unavailable(let wait): wait
        default: nil
        }
    }
}
