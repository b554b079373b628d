import Foundation

/// The headers of one multipart part, and what its `Content-Disposition` says.
struct MultipartPartHeaders: Equatable {
    /// The headers in the order sent, names lowercased.
    var fields: [(name: String, value: String)]
    /// The `name` parameter of `Content-Disposition: form-data` (the form field's name).
    var name: String? { disposition["name"] }
    /// The `filename` parameter, present (possibly empty) for a file part.
    var filename: String? { disposition["filename"] }

    private let disposition: [String: String]

    /// Reads a header block (lines separated by `\r\n`, no final blank line); refuses a line
    /// without a colon or bytes that are not UTF-8.
    init(_ block: ArraySlice<UInt8>) throws(MultipartRefusal) {
        guard let text = String(validating: block, as: UTF8.self) else {
            throw .unreadable("A multipart part's headers are not UTF-8.")
        }
        var fields: [(name: String, value: String)] = []
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw .unreadable("A multipart part's header line has no colon.")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields.append((name, value))
        }
        self.fields = fields
        self.disposition = Self.parameters(fields.first { $0.name == "content-disposition" }?.value ?? "")
    }

    static func == (left: MultipartPartHeaders, right: MultipartPartHeaders) -> Bool {
        left.fields.elementsEqual(right.fields) { $0 == $1 }
    }

    /// The parameters of `form-data; name="a"; filename="b.png"`, names lowercased, quotes removed.
    private static func parameters(_ value: String) -> [String: String] {
        var values: [String: String] = [:]
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            let key = pair[0].lowercased()
            guard values[key] == nil else { continue }
            values[key] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return values
    }
}
