import Crypto
import Foundation
import NIOCore
import WallCore
import WallStore

/// One upload into `S3BlobStore`: a local temporary file, hashed whole and per part as it is
/// written, sent under its hash at commit.
final class S3BlobUpload: BlobUpload {
    private let temporaryPath: String
    private let store: S3BlobStore
    private var descriptor: Int32
    private var hasher = SHA256()
    private var partHasher = SHA256()
    private var partBytes: Int64 = 0
    /// The SHA-256 of each full part so far (each part's payload hash, signed at commit).
    private var partHashes: [String] = []
    private(set) var byteCount: Int64 = 0
    private var finished = false

    init(temporaryPath: String, store: S3BlobStore) throws {
        self.temporaryPath = temporaryPath
        self.store = store
        descriptor = Foundation.open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BlobStoreError.io(operation: "create", path: temporaryPath, code: errno) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        unlink(temporaryPath)
    }

    func write(_ bytes: ByteBuffer) async throws {
        guard !finished else { throw BlobStoreError.uploadFinished }
        try bytes.withUnsafeReadableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // Hash up to the end of the current part, so each part's hash is exact.
                let room = Int(min(Int64(buffer.count - offset), Limits.s3PartBytes - partBytes))
                let piece = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + room)])
                hasher.update(bufferPointer: piece)
                partHasher.update(bufferPointer: piece)
                try writeAll(piece)
                partBytes += Int64(room)
                offset += room
                if partBytes == Limits.s3PartBytes { closePart() }
            }
        }
        byteCount += Int64(bytes.readableBytes)
    }

    func commit() async throws -> BlobRef {
        guard !finished else { throw BlobStoreError.uploadFinished }
        finished = true
        defer { discard() }
        if partBytes > 0 || partHashes.isEmpty { closePart() }
        let hash = BlobHash(hex: SigV4Signer.hex(hasher.finalize()))!
        let key = store.key(for: hash)
        if try await store.client.headObject(key: key) != nil {
            // Already stored: keep that copy, and mark it fresh so a sweep running now spares it.
            try await store.client.copyObject(from: key, to: key)
            return BlobRef(hash: hash, size: byteCount)
        }
        if partHashes.count == 1 {
            try await store.client.putObject(key: key, body: .file(path: temporaryPath, offset: 0, length: byteCount), payloadHash: partHashes[0])
        } else {
            try await uploadInParts(key: key)
        }
        return BlobRef(hash: hash, size: byteCount)
    }

    func abort() async {
        finished = true
        discard()
    }

    /// Sends the file a part at a time (each streamed from the file), then completes; aborts the
    /// multipart upload when a step fails, so nothing is left behind but what a kill leaves.
    private func uploadInParts(key: String) async throws {
        let client = store.client
        let uploadID = try await client.createMultipartUpload(key: key)
        do {
            var etags: [String] = []
            for (index, partHash) in partHashes.enumerated() {
                let offset = Int64(index) * Limits.s3PartBytes
                let length = min(Limits.s3PartBytes, byteCount - offset)
                etags.append(try await client.uploadPart(
                    key: key, uploadID: uploadID, number: index + 1,
                    body: .file(path: temporaryPath, offset: offset, length: length), payloadHash: partHash
                ))
            }
            try await client.completeMultipartUpload(key: key, uploadID: uploadID, etags: etags)
        } catch {
            try? await client.abortMultipartUpload(key: key, uploadID: uploadID)
            throw error
        }
    }

    private func closePart() {
        partHashes.append(SigV4Signer.hex(partHasher.finalize()))
        partHasher = SHA256()
        partBytes = 0
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        try DescriptorWrite.all(bytes, to: descriptor, path: temporaryPath)
    }

    private func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporaryPath)
    }
}
