import Foundation
import NIOCore
import WallCore

/// A request body that can be sent again on a retry: nothing, bytes in memory, or a region of a
/// local file streamed in 64 KiB pieces (so a part of a large blob is never whole in memory).
public enum S3Body: Sendable {
    /// No body.
    case empty
    /// Small bytes (XML documents, probe objects).
    case bytes(Data)
    /// `length` bytes of the file at `path` from `offset`.
    case file(path: String, offset: Int64, length: Int64)

    /// The body's length in bytes.
    var length: Int64 {
        switch self {
        case .empty: 0
        case .bytes(let data): Int64(data.count)
        case .file(_, _, let length): length
        }
    }
}

/// Reads a region of a local file as an async sequence of buffers, one `pread` at a time.
struct FileRegionChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let path: String
    let offset: Int64
    let length: Int64
    static let chunkBytes = Limits.blobPieceBytes

    func makeAsyncIterator() -> Iterator { Iterator(path: path, position: offset, end: offset + length) }

    final class Iterator: AsyncIteratorProtocol {
        private let path: String
        private var descriptor: Int32 = -1
        private var position: Int64
        private let end: Int64

        init(path: String, position: Int64, end: Int64) {
            self.path = path
            self.position = position
            self.end = end
        }

        deinit { if descriptor >= 0 { close(descriptor) } }

        func next() async throws -> ByteBuffer? {
            guard position < end else { return nil }
            if descriptor < 0 {
                descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw S3Error.transport(operation: "read upload", reason: "cannot open \(path): errno \(errno)") }
            }
            let wanted = Int(Swift.min(Int64(FileRegionChunks.chunkBytes), end - position))
            var buffer = ByteBufferAllocator().buffer(capacity: wanted)
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { pointer in
                pread(descriptor, pointer.baseAddress!, wanted, off_t(position))
            }
            guard got > 0 else { throw S3Error.transport(operation: "read upload", reason: "\(path) ended early") }
            position += Int64(got)
            return buffer
        }
    }
}
