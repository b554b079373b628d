import Hummingbird
import MultipartKit
import NIOCore
import WallCore
import WallStore

/// Reads a `multipart/form-data` share as it streams in: the `metadata` part into memory (at
/// most `Limits.maxShareMetadataBytes`), each `file` part straight into a blob upload, counting
/// its bytes, so no file is ever held whole in memory and a file past the limit is refused (413)
/// as soon as its bytes pass it.
struct MultipartShareReader {
    let blobs: any BlobStore
    let maxFileBytes: Int64

    /// Reads the body; on any refusal every upload begun is thrown away before the error is thrown.
    func read(_ body: RequestBody, boundary: String) async throws -> ReceivedShare {
        let collector = PartCollector(blobs: blobs, maxFileBytes: maxFileBytes)
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
        case file(ReceivedFile)
    }

    let blobs: any BlobStore
    let maxFileBytes: Int64
    private(set) var failure: (any Error)?
    private var headers: [(String, String)] = []
    private var current: Part?
    private var metadata: [UInt8]?
    private var files: [ReceivedFile] = []

    init(blobs: any BlobStore, maxFileBytes: Int64) {
        self.blobs = blobs
        self.maxFileBytes = maxFileBytes
    }

    func header(_ name: String, _ value: String) {
        guard failure == nil else { return }
        headers.append((name, value))
    }

    func body(_ buffer: inout ByteBuffer) {
        guard failure == nil else { return }
        do {
            let part = try currentPart()
            switch part {
            case .metadata:
                guard (metadata?.count ?? 0) + buffer.readableBytes <= Limits.maxShareMetadataBytes else {
                    throw APIError(.contentTooLarge, .tooLarge, "The metadata part is larger than \(Limits.maxShareMetadataBytes) bytes.")
                }
                metadata = (metadata ?? []) + buffer.readableBytesView
            case .file(let file):
                guard file.upload.byteCount + Int64(buffer.readableBytes) <= maxFileBytes else {
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
            _ = try currentPart()
            if case .metadata = current, metadata == nil { metadata = [] }
            current = nil
            headers = []
        } catch {
            failure = error
        }
    }

    /// The part being read, begun on its first byte (or at its end, when it is empty).
    private func currentPart() throws -> Part {
        if let current { return current }
        let disposition = headers.first { $0.0.lowercased() == "content-disposition" }.map { $0.1 } ?? ""
        let fields = MultipartReader.disposition("Content-Disposition: \(disposition)")
        let part: Part
        switch fields["name"] {
        case "metadata":
            guard metadata == nil else { throw APIError.validation(.invalid("metadata", "Send one metadata part.")) }
            part = .metadata
        case "file":
            guard files.count < Limits.maxFilesPerShare else {
                throw APIError.validation(.invalid("file", "A share holds at most \(Limits.maxFilesPerShare) files."))
            }
            let file = ReceivedFile(upload: try blobs.beginUpload(), name: FileName.clean(fields["filename"]))
            files.append(file)
            part = .file(file)
        default:
            let name = fields["name"] ?? "(unnamed)"
            throw APIError.validation(.invalid(name, "Unknown part '\(name)': send 'metadata' and 'file' parts."))
        }
        current = part
        return part
    }

    func finish() throws -> ReceivedShare {
        if let failure { throw failure }
        guard current == nil, !(metadata == nil && files.isEmpty) else { throw unreadable }
        guard let metadata else { throw APIError.validation(.missing("metadata", "Send the share as a 'metadata' JSON part.")) }
        return ReceivedShare(metadata: metadata, files: files)
    }

    func abort() { files.forEach { $0.upload.abort() } }
}
