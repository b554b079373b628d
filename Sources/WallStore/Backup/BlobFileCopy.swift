import Crypto
import Foundation
import WallCore

/// Copies one blob file, checking its bytes against its name and making the copy durable.
enum BlobFileCopy {
    /// Copies `source` to `destination` (a new file; its folder is made), hashing the bytes on
    /// the way: throws `.damagedBlob` when they are not `hash`'s. Returns the size.
    static func copy(_ hash: BlobHash, from source: URL, to destination: URL) throws -> Int64 {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw BlobStoreError.io(operation: "open", path: source.path, code: errno) }
        defer { close(input) }
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw BlobStoreError.io(operation: "create", path: destination.path, code: errno) }
        defer { close(output) }
        var hasher = SHA256()
        var size: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw BlobStoreError.io(operation: "read", path: source.path, code: errno)
            }
            if count == 0 { break }
            try buffer.withUnsafeBytes { bytes in
                let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                hasher.update(bufferPointer: chunk)
                try DescriptorWrite.all(chunk, to: output, path: destination.path)
            }
            size += Int64(count)
        }
        guard Array(hasher.finalize()).lowercaseHex == hash.hex else { throw BackupError.damagedBlob(hash.hex) }
        guard fsync(output) == 0 else { throw BlobStoreError.io(operation: "fsync", path: destination.path, code: errno) }
        return size
    }
}
