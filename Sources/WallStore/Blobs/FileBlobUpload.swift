import Crypto
import Foundation
import NIOCore

/// One upload into `FileBlobStore`: a temporary file, hashed as it is written.
final class FileBlobUpload: BlobUpload {
    private let temporaryPath: String
    private let destination: (BlobHash) -> URL
    private var descriptor: Int32
    private var hasher = SHA256()
    private(set) var byteCount: Int64 = 0

    init(temporaryPath: String, destination: @escaping (BlobHash) -> URL) throws {
        self.temporaryPath = temporaryPath
        self.destination = destination
        descriptor = Foundation.open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BlobStoreError.io(operation: "create", path: temporaryPath, code: errno) }
    }

    deinit { discard() }

    func write(_ bytes: ByteBuffer) async throws {
        guard descriptor >= 0 else { throw BlobStoreError.io(operation: "write", path: temporaryPath, code: EBADF) }
        try bytes.withUnsafeReadableBytes { try write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        hasher.update(bufferPointer: bytes)
        try DescriptorWrite.all(bytes, to: descriptor, path: temporaryPath)
        byteCount += Int64(bytes.count)
    }

    func commit() async throws -> BlobRef {
        guard descriptor >= 0 else { throw BlobStoreError.io(operation: "commit", path: temporaryPath, code: EBADF) }
        let hex = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        let hash = BlobHash(hex: hex)!
        let target = destination(hash)
        defer { discard() }
        guard fsync(descriptor) == 0 else { throw BlobStoreError.io(operation: "fsync", path: temporaryPath, code: errno) }
        close(descriptor)
        descriptor = -1
        let folder = target.deletingLastPathComponent().path
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw BlobStoreError.io(operation: "mkdir", path: folder, code: errno)
        }
        if utimes(target.path, nil) == 0 {
            // Already stored: keep that copy, marked fresh so a sweep spares it (one removing it
            // now moves it aside first, and puts it back when it sees the new time).
            return BlobRef(hash: hash, size: byteCount)
        }
        // Not stored (or being swept away): this upload's own copy takes its place.
        guard rename(temporaryPath, target.path) == 0 else {
            throw BlobStoreError.io(operation: "rename", path: target.path, code: errno)
        }
        try Self.syncFolder(folder)
        return BlobRef(hash: hash, size: byteCount)
    }

    func abort() async { discard() }

    /// Closes and unlinks the temporary file (whatever is left of it).
    private func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporaryPath)
    }

    /// Makes a rename in `folder` durable.
    static func syncFolder(_ folder: String) throws {
        let handle = Foundation.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard handle >= 0 else { throw BlobStoreError.io(operation: "open folder", path: folder, code: errno) }
        defer { close(handle) }
        guard fsync(handle) == 0 else { throw BlobStoreError.io(operation: "fsync folder", path: folder, code: errno) }
    }
}
