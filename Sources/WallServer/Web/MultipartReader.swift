import Foundation
import WallCore

/// Reads the text fields of a `multipart/form-data` body held in memory (bounded by
/// `Limits.maxFormBodyBytes`); file parts are counted and skipped.
struct MultipartReader {
    let body: [UInt8]
    let boundary: [UInt8]

    init(body: [UInt8], boundary: String) {
        self.body = body
        self.boundary = Array("--\(boundary)".utf8)
    }

    func read() throws(ValidationError) -> FormData {
        var form = FormData()
        guard var position = find(boundary, from: 0) else { throw unreadable }
        while true {
            position += boundary.count
            if body[position..<min(position + 2, body.count)].elementsEqual("--".utf8) { return form }
            guard body[position..<min(position + 2, body.count)].elementsEqual("\r\n".utf8),
                  let headerEnd = find(Array("\r\n\r\n".utf8), from: position + 2),
                  let next = find(Array("\r\n".utf8) + boundary, from: headerEnd + 4)
            else { throw unreadable }
            let headers = String(decoding: body[(position + 2)..<headerEnd], as: UTF8.self)
            let content = body[(headerEnd + 4)..<next]
            let disposition = Self.disposition(headers)
            if disposition["filename"] != nil {
                form.fileCount += 1
            } else if let name = disposition["name"] {
                guard let value = String(bytes: content, encoding: .utf8) else { throw unreadable }
                try form.append(name, value)
            }
            position = next + 2
        }
    }

    private var unreadable: ValidationError {
        ValidationError(.invalidField, field: nil, "The multipart form is not readable.")
    }

    /// `name` and `filename` from a part's `Content-Disposition: form-data; name="…"`.
    static func disposition(_ headers: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                values[pair[0].lowercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return values
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, body.count >= needle.count else { return nil }
        var index = start
        let last = body.count - needle.count
        while index <= last {
            if body[index] == needle[0], body[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
