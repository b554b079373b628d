import WallCore

extension ShareError {
    /// A stable machine-readable name for the error (`offline`, `rate_limited`, the server's
    /// `conflict` or `share_deleted`…), for scripts and logs.
    public var code: String {
        switch self {
        case .offline: "offline"
        case .timedOut: "timed_out"
        case .cancelled: "cancelled"
        case .unauthorized: "unauthorized"
        case .rateLimited: "rate_limited"
        case .unavailable: "unavailable"
        case .invalid: "invalid"
        case .notFound: "not_found"
        case .conflict(let code, _): code.rawValue
        case .tooLarge: "too_large"
        case .unsupported: "unsupported_media_type"
        case .server: "server_error"
        case .unexpected: "unexpected"
        case .storage: "storage"
        }
    }
}
