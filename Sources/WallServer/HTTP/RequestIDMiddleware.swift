import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id: the client's `X-Request-Id` when it is sensible, else Hummingbird's own.
/// The id is in every log line of the request and echoed on the response.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let id: String
        if let given = request.headers[Self.header].flatMap(Self.acceptable) {
            id = given
            context.logger[metadataKey: "hb.request.id"] = .string(given)
        } else {
            id = context.id
        }
        var response = try await next(request, context)
        response.headers[Self.header] = id
        return response
    }

    /// A client's id is kept when it is 1–128 characters of letters, digits and `-_.:`.
    static func acceptable(_ value: String) -> String? {
        guard (1...128).contains(value.utf8.count) else { return nil }
        let allowed = value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
        }
        return allowed ? value : nil
    }
}
