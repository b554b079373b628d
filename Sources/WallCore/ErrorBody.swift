/// The one error shape of the API: `{"error": {"code", "message", "field"?}}`.
public struct ErrorBody: Codable, Sendable, Equatable {
    /// What went wrong.
    public struct Detail: Codable, Sendable, Equatable {
        /// Machine-readable kind of error.
        public var code: ErrorCode
        /// A sentence a person can read.
        public var message: String
        /// The request field at fault, when there is one.
        public var field: String?

        /// Makes an error detail.
        public init(code: ErrorCode, message: String, field: String? = nil) {
            self.code = code
            self.message = message
            self.field = field
        }
    }

    /// The error.
    public var error: Detail

    /// Makes an error body.
    public init(code: ErrorCode, message: String, field: String? = nil) {
        self.error = Detail(code: code, message: message, field: field)
    }
}
