import Foundation
import NIOCore

/// Reads one stored file in pieces with `pread`, so readers at different offsets don't interfere.
final class FileBlobReader: BlobReader {
    private var descriptor: Int32
    private let path: String
    let size: Int64

    /// Opens the file; nil when it does not exist.
    init?(path: String) throws {
        descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw BlobStoreError.io(operation: "open", path: path, code: errno)
        }
        self.path = path
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            Foundation.close(descriptor)
            throw BlobStoreError.io(operation: "stat", path: path, code: code)
        }
        size = Int64(info.st_size)
    }

    deinit { close() }

    func read(offset: Int64, length: Int) async throws -> ByteBuffer {
        let wanted = Int(max(0, min(Int64(length), size - offset)))
        var buffer = ByteBufferAllocator().buffer(capacity: wanted)
        guard wanted > 0 else { return buffer }
        let descriptor = self.descriptor
        let path = self.path
        try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { target in
            var filled = 0
            while filled < wanted {
                let got = pread(descriptor, target.baseAddress! + filled, wanted - filled, off_t(offset) + off_t(filled))
                if got < 0 {
                    if errno == EINTR { continue }
                    throw BlobStoreError.io(operation: "read", path: path, code: errno)
                }
                if got == 0 { break }
                filled += got
            }
            return filled
        }
        return buffer
    }

    func close() {
        if descriptor >= 0 {
            Foundation.close(descriptor)
            descriptor = -1
        }
    }
}
