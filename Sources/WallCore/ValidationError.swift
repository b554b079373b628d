/// Why a request was refused before anything was stored: a 400 naming the field at fault.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `missingField` or `invalidField` (or `invalidJSON` for an unreadable body).
    public var code: ErrorCode
    /// The request field at fault.
    public var field: String?
    /// A sentence a person can read.
    public var message: String

    /// Makes a validation error.
    public init(_ code: ErrorCode, field: String?, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// A required field that is absent or empty.
    public static func missing(_ field: String, _ message: String? = nil) -> ValidationError {
        ValidationError(.missingField, field: field, message ?? "\(field) is required.")
    }

    /// A field whose value is not acceptable.
    public static func invalid(_ field: String, _ message: String) -> ValidationError {
        ValidationError(.invalidField, field: field, message)
    }

    /// The error as an API error body.
    public var body: ErrorBody { ErrorBody(code: code, message: message, field: field) }

    public var description: String { message }
}
