import WallCore
import WallStore

/// One file part of a multipart share, written to a blob upload as it arrived.
final class ReceivedFile {
    /// Where its bytes went (not yet committed).
    let upload: any BlobUpload
    /// Its name as sent, cleaned (`FileName.clean`).
    let name: String?
    /// Its first bytes, for `FileType.detect`.
    private(set) var head: [UInt8] = []

    init(upload: any BlobUpload, name: String?) {
        self.upload = upload
        self.name = name
    }

    /// Appends bytes, keeping the first few for type detection.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if head.count < FileType.sniffLength {
            head += bytes.prefix(FileType.sniffLength - head.count)
        }
        try upload.write(bytes)
    }

    /// The type its bytes say it is.
    var detectedType: FileType { FileType.detect(head) }
}

/// What a multipart share held once read: its metadata JSON and its files, in order.
struct ReceivedShare {
    /// The `metadata` part's bytes.
    var metadata: [UInt8]
    /// The `file` parts.
    var files: [ReceivedFile]

    /// Throws every upload away (after a refusal).
    func abort() { files.forEach { $0.upload.abort() } }
}
