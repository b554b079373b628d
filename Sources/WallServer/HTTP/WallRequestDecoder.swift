import Foundation
import Hummingbird
import NIOFoundationCompat
import WallCore

/// Reads a JSON request body: refuses other content types (415), bodies over the context's limit
/// (413, while streaming), and unreadable JSON (400 naming the field at fault).
public struct WallRequestDecoder: RequestDecoder {
    /// Decodes `type` from the request body.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        try Self.requireJSON(request)
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        do {
            return try WallCoders.decoder.decode(T.self, from: body)
        } catch let error as DecodingError {
            throw error.validationError
        }
    }

    /// Throws 415 unless the request says it is JSON (or says nothing).
    static func requireJSON(_ request: Request) throws {
        guard let contentType = request.headers[.contentType] else { return }
        if contentType == "application/json" || contentType.lowercased().hasPrefix("application/json;") { return }
        guard let mediaType = MediaType(from: contentType), mediaType.isType(.applicationJson) else {
            throw APIError.unsupportedMediaType("This route takes application/json, not \(contentType).")
        }
    }
}
