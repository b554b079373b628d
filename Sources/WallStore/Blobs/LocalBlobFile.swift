import Foundation
import NIOCore
import WallCore

/// A blob as a file on this machine, for tools that read paths; `release()` it when done.
///
/// The folder store hands out the blob's own file (release does nothing); a store elsewhere
/// downloads it to a temporary file that `release()` deletes.
public struct LocalBlobFile: Sendable {
    /// The file.
    public let url: URL
    private let cleanup: @Sendable () -> Void

    /// A file that stays where it is after release.
    public init(kept url: URL) {
        self.url = url
        cleanup = {}
    }

    /// A temporary file that release deletes.
    public init(temporary url: URL) {
        self.url = url
        cleanup = { try? FileManager.default.removeItem(at: url) }
    }

    /// Says the caller is done with the file (deletes it when it was a temporary copy).
    public func release() { cleanup() }

    /// Copies the blob `reader` reads into a new file in `folder`, piece by piece; the file is
    /// deleted on release (or at once when the copy fails).
    public static func download(_ reader: any BlobReader, into folder: URL) async throws -> LocalBlobFile {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let url = folder.appendingPathComponent("blob-\(UUID().uuidString.lowercased())")
        let file = LocalBlobFile(temporary: url)
        do {
            guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw BlobStoreError.io(operation: "create", path: url.path, code: errno)
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            var offset: Int64 = 0
            while offset < reader.size {
                let piece = try await reader.read(offset: offset, length: Limits.blobPieceBytes)
                guard piece.readableBytes > 0 else { break }
                try handle.write(contentsOf: piece.readableBytesView)
                offset += Int64(piece.readableBytes)
            }
            return file
        } catch {
            file.release()
            throw error
        }
    }
}
