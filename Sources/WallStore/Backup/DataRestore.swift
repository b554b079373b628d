import Foundation
import GRDB

/// `dwall restore`: makes a new data folder from a backup, after checking all of it.
///
/// The database must pass SQLite's integrity check and every blob it refers to must be in the
/// backup with the bytes its name promises; otherwise nothing is written. The data folder is
/// assembled beside its place and renamed onto it last, and a folder that holds anything (a
/// running server's, say) is never overwritten.
public enum DataRestore {
    /// Restores the backup in `source` into `dataDirectory` (new or empty); returns its manifest.
    public static func run(from source: String, into dataDirectory: String) throws -> BackupManifest {
        let backup = URL(fileURLWithPath: source)
        let manifest = try BackupManifestFile.read(from: backup)
        let staging = try StagingFolder(for: URL(fileURLWithPath: dataDirectory), refuse: BackupError.targetNotEmpty)
        do {
            try write(backup, manifest: manifest, into: staging.url)
            try staging.finish(refuse: BackupError.targetNotEmpty)
            return manifest
        } catch {
            staging.discard()
            throw error
        }
    }

    private static func write(_ backup: URL, manifest: BackupManifest, into folder: URL) throws {
        let hashes: [BlobHash]
        if manifest.database == "sqlite" {
            let database = folder.appendingPathComponent("wall.sqlite")
            try FileManager.default.copyItem(at: backup.appendingPathComponent("wall.sqlite"), to: database)
            hashes = try checkedBlobs(database.path)
            StagingFolder.sync(database.path)
        } else {
            hashes = FileBlobStore.storedHashes(root: DataBackup.blobRoot(backup))
        }
        for hash in hashes {
            let source = FileBlobStore.path(of: hash, root: DataBackup.blobRoot(backup))
            guard FileManager.default.fileExists(atPath: source.path) else { throw BackupError.missingBlob(hash.hex) }
            _ = try BlobFileCopy.copy(hash, from: source, to: FileBlobStore.path(of: hash, root: DataBackup.blobRoot(folder)))
        }
    }

    /// Runs the integrity check on the restored database and returns the blobs it refers to.
    private static func checkedBlobs(_ path: String) throws -> [BlobHash] {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { db in
            let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard problems == ["ok"] else { throw BackupError.damagedDatabase(problems.prefix(3).joined(separator: "; ")) }
            return try SQLiteStore.referencedBlobHashes(db).compactMap(BlobHash.init(hex:))
        }
    }
}
