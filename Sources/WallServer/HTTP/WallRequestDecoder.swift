import Foundation
import Hummingbird
import NIOFoundationCompat
import WallCore

/// Reads a JSON request body: refuses other content types (415), bodies over the context's limit
/// (413, while streaming), and unreadable JSON (400 naming the field at fault).
public struct WallRequestDecoder: RequestDecoder {
    /// Decodes `type` from the request body.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        try Self.decode(T.self, from: try await Self.collectJSON(request, context: context))
    }

    /// Decodes a share (`POST /v1/share`): its everyday shape by hand (`ShareRequestReader`),
    /// anything else, and every refusal, as `decode` does.
    func decodeShare(from request: Request, context: some RequestContext) async throws -> ShareRequest {
        let body = try await Self.collectJSON(request, context: context)
        return try ShareRequestReader.read(body) ?? Self.decode(ShareRequest.self, from: body)
    }

    /// The body of a JSON request, at most the context's limit.
    private static func collectJSON(_ request: Request, context: some RequestContext) async throws -> ByteBuffer {
        try requireJSON(request)
        var request = request
        return try await request.collectBody(upTo: context.maxUploadSize)
    }

    /// `T` from a JSON body; a validation error naming the field at fault when it does not fit.
    private static func decode<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws -> T {
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
