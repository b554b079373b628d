import NIOCore
import WallCore
import WallStore

/// One file part of a multipart share, written to a blob upload as it arrives.
///
/// The parser hands bytes over synchronously (`append`); they wait in `pending` until the reader
/// `flush()`es them into the upload after each read of the body, so at most one read's bytes are
/// held in memory. Until the upload is begun (`start(_:)`, once the sender is known to be allowed
/// to upload) they keep waiting there: again at most what one read of the body brought.
final class ReceivedFile {
    /// Its name as sent, cleaned (`FileName.clean`).
    let name: String?
    /// Where its bytes go (not yet committed); nil until `start(_:)`.
    private var upload: (any BlobUpload)?
    /// Bytes that arrived and are not in the upload yet.
    private var pending = ByteBuffer()
    /// Its first bytes, for `FileType.detect`.
    private(set) var head: [UInt8] = []

    init(name: String?) {
        self.name = name
    }

    /// How many bytes arrived so far.
    var byteCount: Int64 { (upload?.byteCount ?? 0) + Int64(pending.readableBytes) }

    /// Whether its upload has begun.
    var isStarted: Bool { upload != nil }

    /// Whether bytes wait to be written.
    var hasPendingBytes: Bool { pending.readableBytes > 0 }

    /// Begins the upload; what waits is written at the next `flush()`.
    func start(_ upload: any BlobUpload) {
        self.upload = upload
    }

    /// Takes bytes from the parser, keeping the first few for type detection.
    func append(_ bytes: ArraySlice<UInt8>) {
        if head.count < FileType.sniffLength {
            head += bytes.prefix(FileType.sniffLength - head.count)
        }
        pending.writeBytes(bytes)
    }

    /// Writes the bytes that wait into the upload (nothing before it has begun).
    func flush() async throws {
        guard let upload, pending.readableBytes > 0 else { return }
        try await upload.write(pending)
        pending.clear()
    }

    /// The type its bytes say it is.
    var detectedType: FileType { FileType.detect(head) }

    /// Makes the bytes durable under their hash.
    func commit() async throws -> BlobRef {
        guard let upload else { preconditionFailure("a file is committed only after its upload began") }
        try await flush()
        return try await upload.commit()
    }

    /// Throws the bytes away.
    func abort() async {
        await upload?.abort()
        pending.clear()
    }
}

/// What a multipart share held once read: its metadata JSON or its form fields, and its files.
struct ReceivedShare {
    /// The `metadata` part's bytes (the API's layout), nil for a form.
    var metadata: [UInt8]?
    /// The text fields (a form's layout), in the order sent.
    var fields: FormData
    /// The file parts, in order.
    var files: [ReceivedFile]

    /// Throws every upload away (after a refusal).
    func abort() async {
        for file in files { await file.abort() }
    }
}
