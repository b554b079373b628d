/// Why a request to the S3-compatible store failed.
public enum S3Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store answered with an error: the operation, the HTTP status, and S3's XML error code
    /// and message (empty when the body had none, as on a HEAD).
    case service(operation: String, status: Int, code: String, message: String)
    /// The store could not be reached or the exchange broke off: the operation and the cause.
    case transport(operation: String, reason: String)
    /// The store answered something this client cannot read.
    case malformedResponse(operation: String, reason: String)

    /// One sentence for the log and for a refused start.
    public var description: String {
        switch self {
        case .service(let operation, let status, let code, let message):
            let detail = [code, message].filter { !$0.isEmpty }.joined(separator: ": ")
            return "S3 \(operation) failed with HTTP \(status)\(detail.isEmpty ? "" : " (\(detail))")"
        case .transport(let operation, let reason):
            return "S3 \(operation) could not reach the store: \(reason)"
        case .malformedResponse(let operation, let reason):
            return "S3 \(operation) got an answer it cannot read: \(reason)"
        }
    }

    /// S3's error code, when the store sent one.
    public var code: String? {
        if case .service(_, _, let code, _) = self, !code.isEmpty { return code }
        return nil
    }
}
