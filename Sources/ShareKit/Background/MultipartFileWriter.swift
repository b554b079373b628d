import Foundation

/// Writes the same `multipart/form-data` body as `MultipartBody` into a file, copying each
/// attachment a megabyte at a time, so a large upload never sits in memory (a background
/// `URLSession` upload must come from a file anyway).
public enum MultipartFileWriter {
    /// Where the body of a share's background upload is kept in `directory`.
    public static func bodyFile(for shareID: UUID, in directory: URL) -> URL {
        directory.appendingPathComponent(shareID.uuidString + ".multipart")
    }

    /// Writes the body to `destination` (replacing it); returns the `Content-Type` header.
    @discardableResult
    public static func write(metadata: Data, files: [UploadFile], to destination: URL, boundary: String = "dwall-" + UUID().uuidString) throws -> String {
        let manager = FileManager.default
        try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard manager.createFile(atPath: destination.path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path]) }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        func append(_ text: String) throws { try output.write(contentsOf: Data(text.utf8)) }
        try append("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n")
        try output.write(contentsOf: metadata)
        for file in files {
            try append("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(MultipartBody.quoted(file.filename))\"\r\n")
            try append("Content-Type: \(file.mimeType)\r\n\r\n")
            let input = try FileHandle(forReadingFrom: file.fileURL)
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
        }
        try append("\r\n--\(boundary)--\r\n")
        try output.synchronize()
        return "multipart/form-data; boundary=\(boundary)"
    }
}
