import Foundation
import Hummingbird
import NIOCore
import NIOFoundationCompat
import WallApp
import WallCore
import WallImport
import WallStore

/// `POST /v1/import`: one batch of a bulk import (see `ImportRequest`); answers what became of
/// each entry. Batches are larger than other JSON bodies (`Limits.maxImportBodyBytes`).
/// `POST /v1/import/archive`: a whole export with its files (`ExportArchive`), in one request.
/// `POST /v1/import/read`: a bookmark file read into entries (`ImportPreview`), for the web page.
struct ImportController {
    /// Runs a batch.
    let runner: ImportRunner
    /// Imports an archive (its files at most the server's upload limit each).
    let archives: ArchiveImport
    /// The imports each user is running (`Limits.maxConcurrentImportsPerUser`; one more is 429).
    let imports: ConcurrencyLimiter<UUID>

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self)
            .post(use: importBatch)
            .post("archive", use: importArchive)
            .post("read", use: readFile)
    }

    func importBatch(_ request: Request, context: WallRequestContext) async throws -> JSONBody<ImportResponse> {
        let identity = try context.requireIdentity()
        let slot = try imports.acquire(identity.userID)
        defer { slot.free() }
        try WallRequestDecoder.requireJSON(request)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Limits.maxImportBodyBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError(.contentTooLarge, .tooLarge, "An import batch is larger than \(Limits.maxImportBodyBytes) bytes; send smaller batches.")
        }
        let batch: ImportRequest
        do {
            batch = try WallCoders.decoder.decode(ImportRequest.self, from: body)
        } catch let error as DecodingError {
            throw error.validationError
        }
        return JSONBody(try await runner.run(batch, userID: identity.userID))
    }

    /// Takes the archive to a temporary file (at most `Limits.maxImportArchiveBytes`), then
    /// imports it; `?enrich=0` skips link previews.
    func importArchive(_ request: Request, context: WallRequestContext) async throws -> JSONBody<ImportResponse> {
        let identity = try context.requireIdentity()
        let slot = try imports.acquire(identity.userID)
        defer { slot.free() }
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/zip" || type == "application/octet-stream" else {
            throw APIError(.unsupportedMediaType, .unsupportedMediaType, "Send the archive as application/zip.")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-import-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try await Self.save(request.body, to: file)
        let enrich = request.uri.queryParameters.get("enrich") != "0"
        return JSONBody(try await archives.run(file, userID: identity.userID, enrich: enrich))
    }

    private static func save(_ body: RequestBody, to file: URL) async throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw APIError(.internalServerError, .internalError, "Could not make a temporary file.")
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var received: Int64 = 0
        for try await buffer in body {
            received += Int64(buffer.readableBytes)
            guard received <= Limits.maxImportArchiveBytes else {
                throw APIError(.contentTooLarge, .tooLarge, "An archive is at most \(Limits.maxImportArchiveBytes) bytes.")
            }
            try handle.write(contentsOf: Data(buffer: buffer))
        }
    }

    /// Reads a bookmark file (any format `dwall import` reads, at most `Limits.maxImportFileBytes`)
    /// and answers its entries, so a browser can send them in batches and show its progress;
    /// `?folders=walls` and `?wall=` as `dwall import`'s options. Stores nothing.
    func readFile(_ request: Request, context: WallRequestContext) async throws -> JSONBody<ImportPreview> {
        let identity = try context.requireIdentity()
        let slot = try imports.acquire(identity.userID)
        defer { slot.free() }
        let query = request.uri.queryParameters
        guard let folders = ImportOptions.Folders(rawValue: query.get("folders") ?? "tags") else {
            throw ValidationError.invalid("folders", "folders must be tags or walls.")
        }
        let wall = query.get("wall").flatMap { $0.isEmpty ? nil : $0 }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Limits.maxImportFileBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError(.contentTooLarge, .tooLarge, "A bookmark file is at most \(Limits.maxImportFileBytes) bytes.")
        }
        let parsed: ParsedImport
        do throws(ImportFileError) {
            parsed = try ImportFile.parse(Data(buffer: body), options: ImportOptions(folders: folders, wall: wall))
        } catch {
            throw ValidationError.invalid("file", error.message)
        }
        return JSONBody(ImportPreview(
            format: parsed.format.rawValue, walls: parsed.walls, entries: parsed.entries.map(\.entry),
            locations: parsed.entries.map(\.location),
            problems: parsed.problems.map { ImportPreviewProblem(location: $0.location, reason: $0.reason) }
        ))
    }
}
