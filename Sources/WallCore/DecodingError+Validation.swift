import Foundation

extension DecodingError {
    /// The decoding failure as a 400 that names the field (`tags[2]`, `timestamp`).
    public var validationError: ValidationError {
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
