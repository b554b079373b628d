import Foundation
import Hummingbird
import WallCore

/// An error answered with the API's one error shape and its own status (and `Retry-After`).
public struct APIError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The body.
    public var body: ErrorBody
    /// Extra headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields

    /// Makes an error.
    public init(_ status: HTTPResponse.Status, _ code: ErrorCode, _ message: String, field: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.body = ErrorBody(code: code, message: message, field: field)
        self.headers = headers
    }

    /// Writes the error as a JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        .json(ByteBuffer(bytes: try WallCoders.encoder.encode(body)), status: status, headers: headers)
    }

    // MARK: The errors of the contract

    /// 400 for a refused field.
    public static func validation(_ error: ValidationError) -> APIError {
        APIError(.badRequest, error.code, error.message, field: error.field)
    }

    /// 401: no token, or one that is unknown or revoked.
    public static func unauthorized(_ message: String = "Send a valid token as 'Authorization: Bearer <token>'.") -> APIError {
        APIError(.unauthorized, .unauthorized, message, headers: [.wwwAuthenticate: "Bearer realm=\"dwall\""])
    }

    /// 404 for what is absent or not the caller's.
    public static func notFound(_ what: String) -> APIError {
        APIError(.notFound, .notFound, "No such \(what).", field: what == "wall" ? "wall" : nil)
    }

    /// 403 for something on a wall shared with the caller that their role doesn't allow.
    public static func forbidden(_ message: String) -> APIError {
        APIError(.forbidden, .forbidden, message)
    }

    /// 409 for a request that contradicts what is stored.
    public static func conflict(_ message: String, code: ErrorCode = .conflict, field: String? = nil) -> APIError {
        APIError(.conflict, code, message, field: field)
    }

    /// 415 for a content type the route does not take.
    public static func unsupportedMediaType(_ message: String) -> APIError {
        APIError(.unsupportedMediaType, .unsupportedMediaType, message)
    }

    /// 429 with `Retry-After`.
    public static func rateLimited(retryAfter seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, .rateLimited, "Too many requests; try again in \(seconds) s.",
            headers: [.retryAfter: String(seconds)]
        )
    }

    /// 503 with `Retry-After`, while the server shuts down.
    public static func shuttingDown() -> APIError {
        APIError(
            .serviceUnavailable, .unavailable, "The server is restarting; try again shortly.",
            headers: [.retryAfter: "2", .connection: "close"]
        )
    }
}
