extension ShareError {
    /// Whether the error is a network or server condition that passes by itself, so sending again
    /// after a wait is worth it (a person's retry also helps with `storage`; a backoff does not).
    public var isTransient: Bool {
        switch self {
        case .offline, .timedOut, .rateLimited, .unavailable, .server: true
        default: false
        }
    }
}
