import Foundation

/// How many blobs the server's data folder holds (committed files).
func storedBlobCount(_ server: TestServer) throws -> Int {
    let folder = URL(fileURLWithPath: server.arguments.dataDirectory).appendingPathComponent("blobs/sha256").path
    let prefixes = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return try prefixes.reduce(0) { $0 + (try FileManager.default.contentsOfDirectory(atPath: "\(folder)/\($1)")).count }
}

/// How many uploads were left half-written in the data folder's `blobs/tmp`.
func leftoverUploads(_ server: TestServer) throws -> Int {
    let folder = URL(fileURLWithPath: server.arguments.dataDirectory).appendingPathComponent("blobs/tmp").path
    return try FileManager.default.contentsOfDirectory(atPath: folder).count
}

extension TestMultipart {
    /// A browser's form: text fields, then file parts (name, bytes), each under `fileField`.
    static func form(_ fields: [(String, String)], files: [(String, [UInt8])] = [], fileField: String = "file") -> TestMultipart {
        var form = TestMultipart()
        for (name, value) in fields { form.add(name: name, Array(value.utf8)) }
        for (name, bytes) in files { form.add(name: fileField, filename: name, type: "application/octet-stream", bytes) }
        return form
    }
}
