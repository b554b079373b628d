import Hummingbird
import MultipartKit
import NIOCore
import WallCore
import WallStore

/// Reads a `multipart/form-data` share as it streams in: text (the `metadata` part, or a form's
/// fields) into memory, bounded, and each file part straight into a blob upload, counting its
/// bytes, so no file is ever held whole in memory and a file past the limit is refused (413) as
/// soon as its bytes pass it.
struct MultipartShareReader {
    /// How the parts of a multipart share are named.
    enum Layout {
        /// `POST /v1/share`: one `metadata` JSON part and `file` parts; any other part is refused.
        case metadataAndFiles
        /// A browser's form (the share target, `/api/save`): text fields by name (at most
        /// `Limits.maxFormFields`, `Limits.maxFormBodyBytes` in all), and every part with a file
        /// name is a file; an empty file part without a name (an empty file input) is skipped.
        case form
    }

    let blobs: any BlobStore
    let maxFileBytes: Int64
    var layout = Layout.metadataAndFiles
    /// Asked, with the text fields that came before the first file part, before any file byte is
    /// written to disk; throwing stops the read (so nobody without the right to upload fills the
    /// disk). A credential sent as a field must therefore come before the files.
    var authorize: (@Sendable (FormData) async throws -> Void)?

    /// Reads the body; on any refusal every upload begun is thrown away before the error is thrown.
    func read(_ body: RequestBody, boundary: String) async throws -> ReceivedShare {
        let collector = PartCollector(blobs: blobs, maxFileBytes: maxFileBytes, layout: layout, authorized: authorize == nil)
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in collector.header(name, value) }
        parser.onBody = { buffer in collector.body(&buffer) }
        parser.onPartComplete = { collector.complete() }
        do {
            for try await buffer in body {
                do {
                    try parser.execute(buffer)
                } catch {
                    throw unreadable
                }
                if let failure = collector.failure { throw failure }
                if collector.awaitingAuthorization, let authorize {
                    try await authorize(collector.fieldsBeforeFiles)
                    try collector.authorized()
                }
            }
            return try collector.finish()
        } catch {
            collector.abort()
            throw error
        }
    }
}

/// 400 for a body that is not a complete multipart form.
private var unreadable: APIError {
    APIError(.badRequest, .invalidField, "The multipart body is not readable (or ended early).")
}

/// Gathers the parts the parser reports, and the first refusal.
private final class PartCollector {
    private enum Part {
        case metadata
        case field(String, [UInt8])
        case file(ReceivedFile)
    }

    let blobs: any BlobStore
    let maxFileBytes: Int64
    let layout: MultipartShareReader.Layout
    private(set) var failure: (any Error)?
    private(set) var fields = FormData()
    private var firstFileFields: FormData?
    private var isAuthorized: Bool
    private var headers: [(String, String)] = []
    private var current: Part?
    private var metadata: [UInt8]?
    private var fieldBytes = 0
    private var files: [ReceivedFile] = []

    init(blobs: any BlobStore, maxFileBytes: Int64, layout: MultipartShareReader.Layout, authorized: Bool) {
        self.blobs = blobs
        self.maxFileBytes = maxFileBytes
        self.layout = layout
        self.isAuthorized = authorized
    }

    /// Whether a file has begun that may not be written to disk until the sender is authorized.
    var awaitingAuthorization: Bool { !isAuthorized && !files.isEmpty }

    /// The text fields that came before the first file part (all of them, when there was none).
    var fieldsBeforeFiles: FormData { firstFileFields ?? fields }

    /// The sender may upload: begin every upload held back.
    func authorized() throws {
        isAuthorized = true
        for file in files where !file.isStarted { try file.start(try blobs.beginUpload()) }
    }

    func header(_ name: String, _ value: String) {
        guard failure == nil else { return }
        headers.append((name, value))
    }

    func body(_ buffer: inout ByteBuffer) {
        guard failure == nil else { return }
        do {
            switch try currentPart() {
            case .metadata:
                guard (metadata?.count ?? 0) + buffer.readableBytes <= Limits.maxShareMetadataBytes else {
                    throw APIError(.contentTooLarge, .tooLarge, "The metadata part is larger than \(Limits.maxShareMetadataBytes) bytes.")
                }
                metadata = (metadata ?? []) + buffer.readableBytesView
            case .field(let name, let bytes):
                fieldBytes += buffer.readableBytes
                guard fieldBytes <= Limits.maxFormBodyBytes else {
                    throw APIError(.contentTooLarge, .tooLarge, "The form's text is larger than \(Limits.maxFormBodyBytes) bytes.")
                }
                current = .field(name, bytes + buffer.readableBytesView)
            case .file(let file):
                guard file.byteCount + Int64(buffer.readableBytes) <= maxFileBytes else {
                    throw APIError(
                        .contentTooLarge, .tooLarge,
                        "\(file.name ?? "A file") is larger than the limit of \(maxFileBytes / 1_048_576) MB.", field: "file"
                    )
                }
                try buffer.withUnsafeReadableBytes { try file.write($0) }
            }
            buffer.moveReaderIndex(to: buffer.writerIndex)
        } catch {
            failure = error
        }
    }

    func complete() {
        guard failure == nil else { return }
        do {
            switch try currentPart() {
            case .metadata:
                if metadata == nil { metadata = [] }
            case .field(let name, let bytes):
                guard let value = String(validating: bytes, as: UTF8.self) else { throw unreadable }
                try fields.append(name, value)
            case .file(let file):
                if layout == .form, file.name == nil, file.byteCount == 0 {
                    file.abort()
                    files.removeLast()
                }
            }
            current = nil
            headers = []
        } catch let error as ValidationError {
            failure = APIError.validation(error)
        } catch {
            failure = error
        }
    }

    /// The part being read, begun on its first byte (or at its end, when it is empty).
    private func currentPart() throws -> Part {
        if let current { return current }
        let header = headers.first { $0.0.lowercased() == "content-disposition" }.map { $0.1 } ?? ""
        let disposition = MultipartReader.disposition("Content-Disposition: \(header)")
        let part: Part
        switch (layout, disposition["name"]) {
        case (.metadataAndFiles, "metadata"):
            guard metadata == nil else { throw APIError.validation(.invalid("metadata", "Send one metadata part.")) }
            part = .metadata
        case (.metadataAndFiles, "file"):
            part = .file(try beginFile(named: disposition["filename"]))
        case (.form, _) where disposition["filename"] != nil:
            part = .file(try beginFile(named: disposition["filename"]))
        case (.form, let name?):
            part = .field(name, [])
        case (_, let name):
            let name = name ?? "(unnamed)"
            throw APIError.validation(.invalid(name, "Unknown part '\(name)': send 'metadata' and 'file' parts."))
        }
        current = part
        return part
    }

    private func beginFile(named name: String?) throws -> ReceivedFile {
        guard files.count < Limits.maxFilesPerShare else {
            throw APIError.validation(.invalid("file", "A share holds at most \(Limits.maxFilesPerShare) files."))
        }
        if firstFileFields == nil { firstFileFields = fields }
        let file = ReceivedFile(name: FileName.clean(name), upload: isAuthorized ? try blobs.beginUpload() : nil)
        files.append(file)
        return file
    }

    func finish() throws -> ReceivedShare {
        if let failure { throw failure }
        switch layout {
        case .metadataAndFiles:
            guard current == nil, !(metadata == nil && files.isEmpty) else { throw unreadable }
            guard let metadata else { throw APIError.validation(.missing("metadata", "Send the share as a 'metadata' JSON part.")) }
            return ReceivedShare(metadata: metadata, fields: fields, files: files)
        case .form:
            guard current == nil else { throw unreadable }
            return ReceivedShare(metadata: nil, fields: fields, files: files)
        }
    }

    func abort() { files.forEach { $0.abort() } }
}
