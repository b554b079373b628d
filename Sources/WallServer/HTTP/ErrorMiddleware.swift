import Foundation
import Hummingbird
import Logging
import NIOCore
import WallCore
import WallStore

/// Turns every error into the API's one error shape. Anything unexpected becomes a 500 that is
/// logged with the request id and says nothing about internals.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = Self.apiError(for: error)
            if apiError.status == .internalServerError {
                context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            return try apiError.response(from: request, context: context)
        }
    }

    static func apiError(for error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        case let error as ValidationError: .validation(error)
        case let error as StoreError: apiError(for: error)
        case let error as HTTPError: apiError(for: error)
        case is NIOTooManyBytesError:
            APIError(.contentTooLarge, .tooLarge, "The body is larger than \(Limits.maxJSONBodyBytes) bytes.")
        case let error as DecodingError: .validation(error.validationError)
        default: APIError(.internalServerError, .internalError, "Something went wrong on the server.")
        }
    }

    private static func apiError(for error: StoreError) -> APIError {
        switch error {
        case .notFound(let what): .notFound(what)
        case .conflict(let message): .conflict(message)
        case .shareDeleted:
            .conflict("This share was saved before and its item has since been deleted.", code: .shareDeleted)
        case .usernameTaken: .conflict("That user name is taken.", field: "username")
        case .slugTaken(let slug): .conflict("You already have a wall called '\(slug)'.", field: "slug")
        case .wallNotEmpty(let count):
            .conflict(
                "The wall holds \(count) items; pass ?moveTo=WALL or ?deleteItems=true.", code: .wallNotEmpty
            )
        case .defaultWallRequired: .conflict("The default wall can't be deleted.")
        case .tooManyWalls: .conflict("You have as many walls as allowed (\(Limits.maxWallsPerUser)).")
        case .tooManySavedSearches: .conflict("You have as many saved searches as allowed (\(Limits.maxSavedSearchesPerUser)).")
        case .forbidden(let message): .forbidden(message)
        }
    }

    private static func apiError(for error: HTTPError) -> APIError {
        let message = error.body ?? HTTPResponse.Status(code: error.status.code).reasonPhrase
        switch error.status {
        case .notFound: return APIError(.notFound, .notFound, "No such route.")
        case .contentTooLarge:
            return APIError(.contentTooLarge, .tooLarge, "The body is larger than \(Limits.maxJSONBodyBytes) bytes.")
        case .unsupportedMediaType: return .unsupportedMediaType(message)
        case .unauthorized: return .unauthorized()
        case .badRequest: return APIError(.badRequest, .invalidField, message)
        default:
            let code: ErrorCode = error.status.code >= 500 ? .internalError : .invalidField
            return APIError(error.status, code, message, headers: error.headers)
        }
    }
}
