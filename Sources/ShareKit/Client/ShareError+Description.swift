extension ShareError: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .offline(let reason): "The server could not be reached (\(reason))."
        case .timedOut: "The server did not answer in time."
        case .cancelled: "Stopped before the server answered."
        case .unauthorized(let message): "Not signed in: \(message)"
        case .rateLimited(let wait): "Too many requests" + Self.waitSuffix(wait)
        case .unavailable(let wait): "The server is busy or restarting" + Self.waitSuffix(wait)
        case .invalid(_, let message), .notFound(_, let message), .conflict(_, let message): message
        case .tooLarge(let message), .unsupported(let message), .storage(let message): message
        case .server(let status, let message): "The server failed (HTTP \(status)): \(message)"
        case .unexpected(let status, let message): "Unexpected answer (HTTP \(status)): \(message)"
        }
    }

    private static func waitSuffix(_ wait: Duration?) -> String {
        guard let wait else { return "." }
        return "; try again in \(Int(wait.seconds.rounded(.up))) s."
    }
}
