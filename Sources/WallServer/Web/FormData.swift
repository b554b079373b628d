import Foundation
import WallCore

/// The fields of a form body: `application/x-www-form-urlencoded` (every form on the pages) or
/// `multipart/form-data` (the PWA share target). Only text fields are kept; file parts are
/// counted, for the uploads to come.
public struct FormData: Sendable, Equatable {
    /// The fields in the order sent.
    public var fields: [(name: String, value: String)]
    /// How many file parts a multipart body held.
    public var fileCount = 0

    /// Makes form data.
    public init(fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// The first value of a field.
    public subscript(_ name: String) -> String? {
        fields.first(where: { $0.name == name })?.value
    }

    /// Whether two forms hold the same fields in the same order.
    public static func == (left: FormData, right: FormData) -> Bool {
        left.fileCount == right.fileCount && left.fields.elementsEqual(right.fields) { $0 == $1 }
    }

    /// Reads a body of the given content type; throws a validation error for anything else.
    public static func parse(_ body: [UInt8], contentType: String?) throws(ValidationError) -> FormData {
        let type = (contentType ?? "").lowercased()
        if type.hasPrefix("application/x-www-form-urlencoded") { return try urlEncoded(body) }
        if type.hasPrefix("multipart/form-data"), let boundary = boundary(contentType ?? "") {
            return try multipart(body, boundary: boundary)
        }
        throw ValidationError(.invalidField, field: nil, "Send the form as a form.")
    }

    static func urlEncoded(_ body: [UInt8]) throws(ValidationError) -> FormData {
        var form = FormData()
        for pair in body.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : []) else {
                throw ValidationError(.invalidField, field: nil, "The form is not readable.")
            }
            try form.append(name, value)
        }
        return form
    }

    mutating func append(_ name: String, _ value: String) throws(ValidationError) {
        guard fields.count < Limits.maxFormFields else {
            throw ValidationError(.invalidField, field: nil, "The form has too many fields.")
        }
        fields.append((name, value))
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        let spaced = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return String(bytes: spaced, encoding: .utf8)?.removingPercentEncoding
    }

    private static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return (1...70).contains(value.utf8.count) ? value : nil
            }
        }
        return nil
    }
}
