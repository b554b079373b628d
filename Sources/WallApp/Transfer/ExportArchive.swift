import Foundation
import WallCore
import WallStore
import ZIPFoundation

/// Our export with its files (`GET /v1/export?format=zip`, `dwall export --with-files`): a zip
/// holding `digitalwall.json` (the `ExportDocument`) and `blobs/<sha256>` for every blob an item
/// refers to (each file and its renditions), stored uncompressed (photos and PDFs are already).
public enum ExportArchive {
    /// The export document's name in the archive.
    public static let documentName = "digitalwall.json"
    /// The folder of the blobs in the archive.
    public static let blobFolder = "blobs/"

    /// Writes the archive to a new file at `url`. A blob the store no longer has is left out
    /// (its item still names it; importing the archive then skips that item and says why).
    /// A shared store's blobs are copied to temporary files one at a time on the way.
    public static func write(_ document: ExportDocument, blobs: any BlobStore, to url: URL) async throws {
        let archive = try Archive(url: url, accessMode: .create)
        let json = try WallJSON.encoder().encode(document)
        try archive.addEntry(
            with: documentName, type: .file, uncompressedSize: Int64(json.count), modificationDate: document.exportedAt,
            compressionMethod: .deflate
        ) { position, size in json.subdata(in: Int(position)..<Int(position) + size) }
        var written = Set<String>()
        for hash in document.items.flatMap({ $0.file?.blobHashes ?? [] }) where written.insert(hash).inserted {
            // ZIPFoundation reads an entry through a synchronous callback: hand it a local file
            // (the blob's own in the folder store, a temporary copy from a shared store).
            guard let name = BlobHash(hex: hash), let local = try await blobs.localFile(for: name) else { continue }
            defer { local.release() }
            let input = try FileHandle(forReadingFrom: local.url)
            defer { try? input.close() }
            let size = Int64(try input.seekToEnd())
            try archive.addEntry(
                with: blobFolder + hash, type: .file, uncompressedSize: size,
                modificationDate: document.exportedAt
            ) { position, length in
                try input.seek(toOffset: UInt64(position))
                return try input.read(upToCount: length) ?? Data()
            }
        }
    }
}
