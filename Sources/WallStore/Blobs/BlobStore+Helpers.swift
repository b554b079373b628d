import Foundation
import NIOCore

extension BlobStore {
    /// Writes, reads back and removes a small blob of random bytes (so it can never be a real
    /// blob's twin); throws `BlobStoreError.unwritable` saying which step failed.
    public func checkWritable() async throws {
        let probe = (0..<32).map { _ in UInt8.random(in: 0...255) }
        let ref: BlobRef
        do {
            ref = try await store(probe)
        } catch {
            throw BlobStoreError.unwritable("could not write a test blob: \(error)")
        }
        do {
            guard let reader = try await open(ref.hash) else { throw BlobStoreError.unwritable("a test blob vanished after it was written") }
            defer { reader.close() }
            let back = try await reader.read(offset: 0, length: probe.count)
            guard Array(back.readableBytesView) == probe else {
                throw BlobStoreError.unwritable("a test blob read back different bytes")
            }
        } catch let error as BlobStoreError {
            throw error
        } catch {
            throw BlobStoreError.unwritable("could not read a test blob back: \(error)")
        }
        do {
            try await remove(ref.hash)
        } catch {
            throw BlobStoreError.unwritable("could not remove a test blob: \(error)")
        }
    }

    /// Stores `bytes` as one blob (begin, write, commit; aborted when a step fails).
    public func store(_ bytes: some Sequence<UInt8>) async throws -> BlobRef {
        let upload = try await beginUpload()
        do {
            try await upload.write(ByteBuffer(bytes: bytes))
            return try await upload.commit()
        } catch {
            await upload.abort()
            throw error
        }
    }

    /// The whole blob in memory, for small blobs only (a page snapshot, a preview picture);
    /// nil when there is none. Refuses (nil) a blob larger than `limit` bytes.
    public func contents(of hash: BlobHash, limit: Int) async throws -> ByteBuffer? {
        guard let reader = try await open(hash) else { return nil }
        defer { reader.close() }
        guard reader.size <= Int64(limit) else { return nil }
        var whole = ByteBuffer()
        while Int64(whole.readableBytes) < reader.size {
            var piece = try await reader.read(offset: Int64(whole.readableBytes), length: Int(reader.size) - whole.readableBytes)
            guard piece.readableBytes > 0 else { break }
            whole.writeBuffer(&piece)
        }
        return whole
    }
}

extension BlobUpload {
    /// Appends bytes from an array, a slice or `Data`.
    public func write(_ bytes: some Sequence<UInt8>) async throws {
        try await write(ByteBuffer(bytes: bytes))
    }
}
