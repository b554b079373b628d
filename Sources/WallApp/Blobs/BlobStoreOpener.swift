import Foundation
import WallStore

/// Opens the blob store a `BlobStoreLocation` names, beside the server's state store.
public enum BlobStoreOpener {
    /// Opens the store `blobs` names for state kept at `location` in `store` (the PostgreSQL
    /// blob store uses the store's connection pool); throws `BlobStoreChoiceError` when the
    /// choice can't work. `besideServer` (an admin command, a test) leaves the folder store's
    /// unfinished uploads alone: they are a running server's.
    public static func open(
        _ blobs: BlobStoreLocation, store: any WallStore, location: StoreLocation, besideServer: Bool = false
    ) throws -> any BlobStore {
        if let problem = blobs.problem(with: location) { throw BlobStoreChoiceError(message: problem) }
        switch blobs {
        case .folder:
            return try FileBlobStore(dataDirectory: location.dataDirectory, clearingUploads: !besideServer)
        case .postgres:
            guard let database = store as? PostgresStore else {
                throw BlobStoreChoiceError(message: "The postgres blob store needs the state in PostgreSQL (--database-url).")
            }
            return PostgresBlobStore(database: database, temporaryDirectory: try temporaryDirectory(location))
        case .s3(let bucket, let prefix):
            return try openS3(bucket: bucket, prefix: prefix, temporaryDirectory: try temporaryDirectory(location))
        }
    }

    /// The folder in `--data` where a shared store's temporary copies go (`tmp`), made if
    /// needed, with copies a crash left behind (older than a day) removed.
    public static func temporaryDirectory(_ location: StoreLocation) throws -> URL {
        let folder = URL(fileURLWithPath: location.dataDirectory).appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let dayAgo = Date().addingTimeInterval(-86_400)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let file = folder.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
            if let modified, modified < dayAgo { try? FileManager.default.removeItem(at: file) }
        }
        return folder
    }

    /// The store to use: the one chosen, else `BlobStoreLocation.standard(for:)`, except that
    /// a PostgreSQL installation whose `--data/blobs` holds files (written before the PostgreSQL
    /// blob store existed) keeps the folder until it is migrated and started with
    /// `--blob-store postgres`, so no file goes missing on upgrade. `keptFolder` says so.
    public static func resolve(
        _ chosen: BlobStoreLocation?, location: StoreLocation
    ) -> (store: BlobStoreLocation, keptFolder: Bool) {
        if let chosen { return (chosen, false) }
        let standard = BlobStoreLocation.standard(for: location)
        if standard != .folder, FileBlobStore.holdsBlobs(dataDirectory: location.dataDirectory) { return (.folder, true) }
        return (standard, false)
    }
}

/// A blob store choice that can't work, said in one line.
public struct BlobStoreChoiceError: Error, CustomStringConvertible {
    /// The sentence.
    public let message: String
    /// The sentence.
    public var description: String { message }
}
