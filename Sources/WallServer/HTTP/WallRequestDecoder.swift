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

extension DecodingError {
    /// The decoding failure as a 400 that names the field (`tags[2]`, `timestamp`).
    var validationError: ValidationError {
        switch self {
        case .keyNotFound(let key, let context):
            let field = Self.fieldName(context.codingPath + [key])
            return .missing(field)
        case .valueNotFound(_, let context):
            return .missing(Self.fieldName(context.codingPath))
        case .typeMismatch(let type, let context):
            let field = Self.fieldName(context.codingPath)
            if context.codingPath.isEmpty { return ValidationError(.invalidJSON, field: nil, "The body must be a JSON object.") }
            return .invalid(field, "\(field) must be \(Self.describe(type)).")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return ValidationError(.invalidJSON, field: nil, "The body is not valid JSON.")
            }
            let field = Self.fieldName(context.codingPath)
            return .invalid(field, "\(field) has an invalid value: \(context.debugDescription)")
        @unknown default:
            return ValidationError(.invalidJSON, field: nil, "The body could not be read.")
        }
    }

    private static func fieldName(_ path: [any CodingKey]) -> String {
        var name = ""
        for key in path {
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return name.isEmpty ? "body" : name
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type, is [String].Type: "an array"
        default: "of the right type"
        }
    }
}
