import Foundation

/// A `multipart/form-data` body: a `metadata` JSON part, then one `file` part per upload.
public struct MultipartBody: Sendable {
    /// The boundary between parts.
    public let boundary: String
    /// The encoded body.
    public let data: Data

    /// Builds the body, reading each file.
    public init(metadata: Data, files: [UploadFile], boundary: String = "dwall-" + UUID().uuidString) throws {
        self.boundary = boundary
        var body = Data()
        func append(_ text: String) { body.append(Data(text.utf8)) }
        append("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n")
        body.append(metadata)
        for file in files {
            let name = Self.quoted(file.filename)
            append("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n")
            append("Content-Type: \(file.mimeType)\r\n\r\n")
            body.append(try Data(contentsOf: file.fileURL))
        }
        append("\r\n--\(boundary)--\r\n")
        data = body
    }

    /// The `Content-Type` header for the body.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A file name safe inside a quoted header parameter.
    static func quoted(_ name: String) -> String {
        String(name.unicodeScalars.map { $0 == "\"" || $0 == "\\" || $0.value < 0x20 ? "_" : Character($0) })
    }
}
