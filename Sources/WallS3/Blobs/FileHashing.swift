import Crypto
import Foundation

/// The SHA-256 of a local file, read in pieces.
enum FileHashing {
    /// The file's SHA-256 in lower-case hex.
    static func sha256(of path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw S3Error.transport(operation: "hash", reason: "cannot open \(path)")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let piece = try handle.read(upToCount: 1_048_576), !piece.isEmpty { hasher.update(data: piece) }
        return SigV4Signer.hex(hasher.finalize())
    }
}
