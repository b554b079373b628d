/// The machine-readable `code` of an error body; clients switch on it, people read `message`.
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
    /// The body is not valid JSON or not the expected shape.
    case invalidJSON = "invalid_json"
    /// A field is present but its value is not acceptable.
    case invalidField = "invalid_field"
    /// A required field is absent.
    case missingField = "missing_field"
    /// No token, or a token that is unknown or revoked.
    case unauthorized
    /// Absent, or owned by somebody else (never 403, so ids don't leak).
    case notFound = "not_found"
    /// The share id was used before with different content.
    case conflict
    /// The wall is shared with you, but your role there doesn't allow this (403; only ever for
    /// a wall you can see, so nothing leaks).
    case forbidden
    /// The share id was used for an item that has since been deleted.
    case shareDeleted = "share_deleted"
    /// A wall still holds items and the request said nothing about them.
    case wallNotEmpty = "wall_not_empty"
    /// The request body is larger than the limit.
    case tooLarge = "too_large"
    /// The route does not take this content type.
    case unsupportedMediaType = "unsupported_media_type"
    /// Too many requests; wait for `Retry-After` seconds.
    case rateLimited = "rate_limited"
    /// The server is shutting down or overloaded; retry after `Retry-After` seconds.
    case unavailable
    /// Something failed on the server; the request id in the logs tells what.
    case internalError = "internal"
}
