import WallCore
import WallStore

/// One file part of a multipart share, written to a blob upload as it arrives.
///
/// Until its upload is begun (`start(_:)`, once the sender is known to be allowed to upload) the
/// bytes that arrived are held in memory: at most what one read of the body brought.
final class ReceivedFile {
    /// Its name as sent, cleaned (`FileName.clean`).
    let name: String?
    /// Where its bytes go (not yet committed); nil until `start(_:)`.
    private var upload: (any BlobUpload)?
    /// Bytes that arrived before the upload began.
    private var held: [UInt8] = []
    /// Its first bytes, for `FileType.detect`.
    private(set) var head: [UInt8] = []

    init(name: String?, upload: (any BlobUpload)?) {
        self.name = name
        self.upload = upload
    }

    /// How many bytes arrived so far.
    var byteCount: Int64 { upload.map(\.byteCount) ?? Int64(held.count) }

    /// Whether its upload has begun.
    var isStarted: Bool { upload != nil }

    /// Begins the upload, writing what was held.
    func start(_ upload: any BlobUpload) throws {
        self.upload = upload
        try held.withUnsafeBytes { try upload.write($0) }
        held = []
    }

    /// Appends bytes, keeping the first few for type detection.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if head.count < FileType.sniffLength {
            head += bytes.prefix(FileType.sniffLength - head.count)
        }
        if let upload { try upload.write(bytes) } else { held += bytes }
    }

    /// The type its bytes say it is.
    var detectedType: FileType { FileType.detect(head) }

    /// Makes the bytes durable under their hash.
    func commit() throws -> BlobRef {
        guard let upload else { preconditionFailure("a file is committed only after its upload began") }
        return try upload.commit()
    }

    /// Throws the bytes away.
    func abort() {
        upload?.abort()
        held = []
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
    func abort() { files.forEach { $0.abort() } }
}
