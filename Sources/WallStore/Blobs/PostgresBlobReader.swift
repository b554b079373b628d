import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Reads a blob of `PostgresBlobStore` chunk by chunk: a read fetches only the chunks its range
/// covers, and keeps the last one, so sequential reads in pieces smaller than a chunk fetch
/// each chunk once.
final class PostgresBlobReader: BlobReader {
    private let client: PostgresClient
    private let logger: Logger
    private let uploadID: UUID
    private let chunkBytes: Int
    let size: Int64
    /// The last chunk fetched, by its number.
    private var cached: (part: Int, bytes: ByteBuffer)?

    init(client: PostgresClient, logger: Logger, uploadID: UUID, size: Int64, chunkBytes: Int) {
        self.client = client
        self.logger = logger
        self.uploadID = uploadID
        self.size = size
        self.chunkBytes = chunkBytes
    }

    func read(offset: Int64, length: Int) async throws -> ByteBuffer {
        let end = min(size, offset + Int64(max(0, length)))
        guard offset >= 0, offset < end else { return ByteBuffer() }
        let first = Int(offset / Int64(chunkBytes))
        let last = Int((end - 1) / Int64(chunkBytes))
        var result = ByteBuffer()
        result.reserveCapacity(Int(end - offset))
        var part = first
        if let cached, cached.part == first {
            append(cached.bytes, part: first, from: offset, to: end, into: &result)
            part += 1
        }
        guard part <= last else { return result }
        let rows = try await client.query("""
            SELECT part, bytes FROM blob_chunks
            WHERE upload_id = \(uploadID) AND part BETWEEN \(Int32(part)) AND \(Int32(last)) ORDER BY part
            """, logger: logger)
        for try await (number, bytes) in rows.decode((Int32, ByteBuffer).self) {
            guard Int(number) == part else { throw missingChunk(part) }
            append(bytes, part: part, from: offset, to: end, into: &result)
            cached = (part, bytes)
            part += 1
        }
        guard part > last else { throw missingChunk(part) }
        return result
    }

    func close() {
        cached = nil
    }

    /// Appends the part of chunk `part` that falls inside `[from, to)`.
    private func append(_ chunk: ByteBuffer, part: Int, from: Int64, to: Int64, into result: inout ByteBuffer) {
        let chunkStart = Int64(part) * Int64(chunkBytes)
        let lower = Int(max(from, chunkStart) - chunkStart)
        let upper = Int(min(to, chunkStart + Int64(chunk.readableBytes)) - chunkStart)
        guard upper > lower, var slice = chunk.getSlice(at: chunk.readerIndex + lower, length: upper - lower) else { return }
        result.writeBuffer(&slice)
    }

    /// A chunk is missing: the blob was removed while it was read.
    private func missingChunk(_ part: Int) -> BlobStoreError {
        .inconsistent("chunk \(part) of upload \(uploadID) is missing (the blob was removed while it was read)")
    }
}
