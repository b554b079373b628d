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
    public static func write(_ document: ExportDocument, blobs: any BlobStore, to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        let json = try WallJSON.encoder().encode(document)
        try archive.addEntry(
            with: documentName, type: .file, uncompressedSize: Int64(json.count), modificationDate: document.exportedAt,
            compressionMethod: .deflate
        ) { position, size in json.subdata(in: Int(position)..<Int(position) + size) }
        var written = Set<String>()
        for hash in document.items.flatMap({ $0.file?.blobHashes ?? [] }) where written.insert(hash).inserted {
            guard let name = BlobHash(hex: hash), let reader = try blobs.open(name) else { continue }
            defer { reader.close() }
            try archive.addEntry(
                with: blobFolder + hash, type: .file, uncompressedSize: reader.size,
                modificationDate: document.exportedAt
            ) { position, size in try reader.read(offset: position, length: size) }
        }
    }
}
