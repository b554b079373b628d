import Foundation
import Hummingbird
import NIOCore
import WallApp
import WallCore
import WallImport
import WallStore

/// `GET /v1/export?format=json|html|zip`: everything the caller has, as our JSON (walls and items
/// with ids, dates, notes, tags and file references; importing it rebuilds the wall), as
/// bookmark HTML that browsers import, or as a zip of our JSON with every file (`ExportArchive`).
struct ExportController {
    let exporter: Exporter
    let blobs: any BlobStore
    let clock: @Sendable () -> Date

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get(use: export)
    }

    func export(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let format = request.uri.queryParameters.get("format") ?? "json"
        guard ["json", "html", "zip"].contains(format) else {
            throw ValidationError.invalid("format", "format must be json, html or zip.")
        }
        let document = try await exporter.document(userID: identity.userID, at: clock())
        let stamp = String(WallJSON.formatDate(document.exportedAt).prefix(10))
        if format == "zip" {
            return try await archive(document, name: "digitalwall-\(stamp).zip")
        }
        if format == "html" {
            return Self.file(ByteBuffer(string: NetscapeWriter.write(document)), type: "text/html; charset=utf-8", name: "digitalwall-\(stamp).html")
        }
        let json = try WallCoders.encoder.encode(document)
        return Self.file(ByteBuffer(bytes: json), type: "application/json", name: "digitalwall-\(stamp).json")
    }

    /// Writes the archive to a temporary file, then streams it (and removes it once sent).
    private func archive(_ document: ExportDocument, name: String) async throws -> Response {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-export-\(UUID().uuidString).zip")
        do {
            try await ExportArchive.write(document, blobs: blobs, to: url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        let handle = try FileHandle(forReadingFrom: url)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        let body = ResponseBody(contentLength: Int(size)) { writer in
            defer {
                try? handle.close()
                try? FileManager.default.removeItem(at: url)
            }
            while let piece = try handle.read(upToCount: 65_536), !piece.isEmpty {
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return Response(status: .ok, headers: headers, body: body)
    }

    private static func file(_ body: ByteBuffer, type: String, name: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
