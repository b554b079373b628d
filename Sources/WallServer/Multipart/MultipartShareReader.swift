import Hummingbird
import NIOCore
import WallCore
import WallStore

/// Reads a `multipart/form-data` share as it streams in, with the one parser (`MultipartStream`):
/// text (the `metadata` part, or a form's fields) into memory, bounded, and each file part
/// straight into a blob upload, counting its bytes, so no file is ever held whole in memory and a
/// file past the limit is refused (413) as soon as its bytes pass it.
///
/// What is read before the sender is known is bounded by the caps, all refused as the bytes
/// arrive: the whole body (`Limits.maxMultipartBodyBytes`), each part's headers
/// (`Limits.maxPartHeaderBytes`), the number of parts (`Limits.maxMultipartParts`), the text
/// fields (`Limits.maxFormBodyBytes`, `Limits.maxFormFields`) and the metadata part
/// (`Limits.maxShareMetadataBytes`). No file byte is written before `authorize` has passed.
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
        var collector = PartCollector(blobs: blobs, maxFileBytes: maxFileBytes, layout: layout, authorized: authorize == nil)
        do {
            var parser = try MultipartStream(
                boundary: boundary, maxBodyBytes: Limits.maxMultipartBodyBytes(maxFileBytes: maxFileBytes)
            )
            for try await buffer in body {
                try parser.feed(buffer.readableBytesView, into: &collector)
                if collector.awaitingAuthorization, let authorize {
                    try await authorize(collector.fieldsBeforeFiles)
                    collector.authorized()
                }
                try await collector.flush(startingEmpty: false)
            }
            try parser.finish()
            try await collector.flush(startingEmpty: true)
            return try collector.finish()
        } catch let refusal as MultipartRefusal {
            await collector.abort()
            throw APIError(refusal)
        } catch {
            await collector.abort()
            throw error
        }
    }
}

extension APIError {
    /// 400 for a body that is not multipart, 413 for one past a cap.
    init(_ refusal: MultipartRefusal) {
        switch refusal {
        case .unreadable(let message): self.init(.badRequest, .invalidField, message)
        case .tooLarge(let message): self.init(.contentTooLarge, .tooLarge, message)
        }
    }
}

/// 400 for a body that is not a complete multipart form.
private var unreadable: APIError {
    APIError(.badRequest, .invalidField, "The multipart body is not readable (or ended early).")
}

/// Gathers the parts the parser reports.
private final class PartCollector: MultipartPartHandler {
    private enum Part {
        case metadata
        case field(String)
        case file(ReceivedFile)
    }

    let blobs: any BlobStore
    let maxFileBytes: Int64
    let layout: MultipartShareReader.Layout
    private(set) var fields = FormData()
    private var firstFileFields: FormData?
    private var isAuthorized: Bool
    private var current: Part?
    private var metadata: [UInt8]?
    /// The bytes of the text field being read (appended in place: linear in its size).
    private var fieldValue: [UInt8] = []
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

    /// The sender may upload: the next `flush` begins the uploads held back.
    func authorized() {
        isAuthorized = true
    }

    /// Once the sender may upload, begins the uploads of the files with bytes waiting (of every
    /// file, when `startingEmpty`, at the end of the body) and writes those bytes to them.
    func flush(startingEmpty: Bool) async throws {
        guard isAuthorized else { return }
        for file in files {
            if !file.isStarted, startingEmpty || file.hasPendingBytes { file.start(try await blobs.beginUpload()) }
            try await file.flush()
        }
    }

    func partBegan(_ headers: MultipartPartHeaders) throws {
        switch (layout, headers.name) {
        case (.metadataAndFiles, "metadata"):
            guard metadata == nil else { throw APIError.validation(.invalid("metadata", "Send one metadata part.")) }
            metadata = []
            current = .metadata
        case (.metadataAndFiles, "file"):
            current = .file(try beginFile(named: headers.filename))
        case (.form, _) where headers.filename != nil:
            current = .file(try beginFile(named: headers.filename))
        case (.form, let name?):
            fieldValue = []
            current = .field(name)
        case (_, let name):
            let name = name ?? "(unnamed)"
            throw APIError.validation(.invalid(name, "Unknown part '\(name)': send 'metadata' and 'file' parts."))
        }
    }

    func partBytes(_ bytes: ArraySlice<UInt8>) throws {
        switch current {
        case .metadata:
            guard (metadata?.count ?? 0) + bytes.count <= Limits.maxShareMetadataBytes else {
                throw APIError(.contentTooLarge, .tooLarge, "The metadata part is larger than \(Limits.maxShareMetadataBytes) bytes.")
            }
            metadata?.append(contentsOf: bytes)
        case .field:
            fieldBytes += bytes.count
            guard fieldBytes <= Limits.maxFormBodyBytes else {
                throw APIError(.contentTooLarge, .tooLarge, "The form's text is larger than \(Limits.maxFormBodyBytes) bytes.")
            }
            fieldValue.append(contentsOf: bytes)
        case .file(let file):
            guard file.byteCount + Int64(bytes.count) <= maxFileBytes else {
                throw APIError(
                    .contentTooLarge, .tooLarge,
                    "\(file.name ?? "A file") is larger than the limit of \(maxFileBytes / 1_048_576) MB.", field: "file"
                )
            }
            file.append(bytes)
        case nil:
            break
        }
    }

    func partEnded() throws {
        do {
            switch current {
            case .field(let name):
                guard let value = String(validating: fieldValue, as: UTF8.self) else { throw unreadable }
                fieldValue = []
                try fields.append(name, value)
            case .file(let file):
                if layout == .form, file.name == nil, file.byteCount == 0, !file.isStarted {
                    files.removeLast()
                }
            case .metadata, nil:
                break
            }
            current = nil
        } catch let error as ValidationError {
            throw APIError.validation(error)
        }
    }

    private func beginFile(named name: String?) throws -> ReceivedFile {
        guard files.count < Limits.maxFilesPerShare else {
            throw APIError.validation(.invalid("file", "A share holds at most \(Limits.maxFilesPerShare) files."))
        }
        if firstFileFields == nil { firstFileFields = fields }
        let file = ReceivedFile(name: FileName.clean(name))
        files.append(file)
        return file
    }

    func finish() throws -> ReceivedShare {
        switch layout {
        case .metadataAndFiles:
            guard !(metadata == nil && files.isEmpty) else { throw unreadable }
            guard let metadata else { throw APIError.validation(.missing("metadata", "Send the share as a 'metadata' JSON part.")) }
            return ReceivedShare(metadata: metadata, fields: fields, files: files)
        case .form:
            return ReceivedShare(metadata: nil, fields: fields, files: files)
        }
    }

    func abort() async {
        for file in files { await file.abort() }
    }
}
