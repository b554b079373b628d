import Foundation
import NIOCore
import WallCore
import WallStore

/// Reads one object with ranged GETs of `Limits.s3ReadWindowBytes`, serving the smaller
/// sequential reads of a response body from the last window fetched.
final class S3BlobReader: BlobReader {
    private let client: S3Client
    private let key: String
    let size: Int64
    private var window = ByteBuffer()
    private var windowStart: Int64 = 0

    init(client: S3Client, key: String, size: Int64) {
        self.client = client
        self.key = key
        self.size = size
    }

    func read(offset: Int64, length: Int) async throws -> ByteBuffer {
        let wanted = Int(max(0, min(Int64(length), size - offset)))
        guard wanted > 0 else { return ByteBuffer() }
        let windowEnd = windowStart + Int64(window.readableBytes)
        if offset < windowStart || offset + Int64(wanted) > windowEnd {
            guard let data = try await client.getObject(key: key, offset: offset, length: max(wanted, Limits.s3ReadWindowBytes)) else {
                throw BlobStoreError.inconsistent("the object \(key) vanished while it was read")
            }
            window = ByteBuffer(bytes: data)
            windowStart = offset
        }
        let start = Int(offset - windowStart)
        let available = min(wanted, window.readableBytes - start)
        return window.getSlice(at: window.readerIndex + start, length: max(0, available)) ?? ByteBuffer()
    }

    func close() {
        window = ByteBuffer()
    }
}
