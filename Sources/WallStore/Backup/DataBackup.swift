import Foundation
import GRDB

/// `dwall backup`: a consistent copy of a data folder, taken while the server runs.
///
/// SQLite: the database is copied with SQLite's online backup API inside one read transaction,
/// so the copy is the database as it was at one instant, and the server keeps writing meanwhile
/// (WAL: a reader never blocks the writer). Then every blob that snapshot refers to is copied,
/// its bytes checked against its name. PostgreSQL: the database is `pg_dump`'s job; every blob
/// in the data folder is copied. Written into a staging folder renamed onto `destination` last.
public enum DataBackup {
    /// Backs up the data folder into `destination` (new or empty); `databasePath` is the SQLite
    /// file, or nil when the database is PostgreSQL. Returns what the backup holds.
    public static func run(
        dataDirectory: String, databasePath: String?, to destination: String, clock: () -> Date = Date.init
    ) throws -> BackupManifest {
        let staging = try StagingFolder(for: URL(fileURLWithPath: destination), refuse: BackupError.destinationNotEmpty)
        do {
            let manifest = try write(
                dataDirectory: URL(fileURLWithPath: dataDirectory), databasePath: databasePath, into: staging.url, clock: clock
            )
            try staging.finish(refuse: BackupError.destinationNotEmpty)
            return manifest
        } catch {
            staging.discard()
            throw error
        }
    }

    private static func write(
        dataDirectory: URL, databasePath: String?, into folder: URL, clock: () -> Date
    ) throws -> BackupManifest {
        let createdAt = clock()
        var items: Int?
        let hashes: [BlobHash]
        if let databasePath {
            guard FileManager.default.fileExists(atPath: databasePath) else { throw BackupError.noDatabase(databasePath) }
            let snapshot = folder.appendingPathComponent("wall.sqlite").path
            (items, hashes) = try snapshotSQLite(from: databasePath, to: snapshot)
        } else {
            hashes = FileBlobStore.storedHashes(root: blobRoot(dataDirectory))
        }
        var bytes: Int64 = 0
        for hash in hashes {
            let source = FileBlobStore.path(of: hash, root: blobRoot(dataDirectory))
            guard FileManager.default.fileExists(atPath: source.path) else { throw BackupError.blobVanished(hash.hex) }
            bytes += try BlobFileCopy.copy(hash, from: source, to: FileBlobStore.path(of: hash, root: blobRoot(folder)))
        }
        let manifest = BackupManifest(
            format: BackupManifest.currentFormat, createdAt: createdAt, database: databasePath == nil ? "postgresql" : "sqlite",
            items: items, blobs: hashes.count, blobBytes: bytes
        )
        try BackupManifestFile.write(manifest, into: folder)
        return manifest
    }

    /// Copies the live database into a new file in one read transaction; returns its item count
    /// and the blobs it refers to.
    private static func snapshotSQLite(from source: String, to destination: String) throws -> (Int, [BlobHash]) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let live = try DatabaseQueue(path: source, configuration: configuration)
        defer { try? live.close() }
        let copy = try DatabaseQueue(path: destination)
        defer { try? copy.close() }
        try live.backup(to: copy)
        return try copy.read { db in
            let items = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
            let hashes = try SQLiteStore.referencedBlobHashes(db).compactMap(BlobHash.init(hex:)).sorted { $0.hex < $1.hex }
            return (items, hashes)
        }
    }

    /// The blob store's folder inside a data folder or a backup.
    static func blobRoot(_ folder: URL) -> URL { folder.appendingPathComponent("blobs", isDirectory: true) }
}
