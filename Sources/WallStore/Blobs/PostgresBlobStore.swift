import Foundation
import Logging
import NIOCore
import PostgresNIO
import WallCore

/// Blobs in the PostgreSQL database, for replicas without object storage: every replica reads
/// every file, and nothing lives in `--data` but temporary copies for `localFile`.
///
/// A file is `blob_chunks` rows of `Limits.postgresBlobChunkBytes`, written while the upload
/// streams in under a fresh upload id and made visible under the hash at commit, in one
/// transaction (see `PostgresMigrations.v11Blobs`). Reads fetch only the chunks a range needs.
/// Uses the store's connection pool, and waits, like the store, until it has migrated.
public struct PostgresBlobStore: BlobStore {
    let database: PostgresStore
    /// Where `localFile` puts its temporary copies.
    public let temporaryDirectory: URL
    /// The current time (injected in tests): commit and re-share times, the abandoned-upload cut-off.
    let clock: @Sendable () -> Date
    /// The size of the chunks new uploads write (existing blobs keep theirs).
    let chunkBytes: Int

    /// A blob store in `database`; `localFile` copies go to `temporaryDirectory`.
    public init(
        database: PostgresStore, temporaryDirectory: URL, chunkBytes: Int = Limits.postgresBlobChunkBytes,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = database
        self.temporaryDirectory = temporaryDirectory
        self.chunkBytes = chunkBytes
        self.clock = clock
    }

    var client: PostgresClient { database.client }
    var logger: Logger { database.logger }

    /// Starts an upload; nothing reaches the database until a chunk is full or it commits.
    public func beginUpload() async throws -> any BlobUpload {
        try await database.ready.wait()
        return PostgresBlobUpload(store: self)
    }

    /// The blob's size, from its row.
    public func size(of hash: BlobHash) async throws -> Int64? {
        try await row(of: hash)?.size
    }

    /// A reader over the blob's chunks.
    public func open(_ hash: BlobHash) async throws -> (any BlobReader)? {
        guard let row = try await row(of: hash) else { return nil }
        return PostgresBlobReader(client: client, logger: logger, uploadID: row.uploadID, size: row.size, chunkBytes: row.chunkBytes)
    }

    /// Downloads the blob into a temporary file, deleted on release.
    public func localFile(for hash: BlobHash) async throws -> LocalBlobFile? {
        guard let reader = try await open(hash) else { return nil }
        defer { reader.close() }
        return try await LocalBlobFile.download(reader, into: temporaryDirectory)
    }

    /// Every blob with its last share time; first clears the chunks of uploads begun longer
    /// than `Limits.abandonedBlobUploadAge` ago and never committed (a replica killed mid-upload).
    public func storedBlobs() async throws -> [StoredBlob] {
        try await database.ready.wait()
        try await removeAbandonedUploads(startedBefore: clock().addingTimeInterval(-Limits.abandonedBlobUploadAge.timeInterval))
        var found: [StoredBlob] = []
        let rows = try await client.query("SELECT hash, last_shared_at FROM blobs", logger: logger)
        for try await (hex, sharedAt) in rows.decode((String, Date).self) {
            guard let hash = BlobHash(hex: hex) else { continue }
            found.append(StoredBlob(hash: hash, modifiedAt: sharedAt))
        }
        return found
    }

    /// Drops the blob's row and its chunks in one statement (the sweeper's, with no cutoff).
    public func remove(_ hash: BlobHash) async throws {
        _ = try await remove(hash, unlessSharedAfter: .distantFuture)
    }

    /// Deletes the blob's row and chunks unless it was shared after `cutoff`; a commit of the
    /// same bytes waits for the row's lock, then stores its own copy.
    public func remove(_ hash: BlobHash, unlessSharedAfter cutoff: Date) async throws -> Bool {
        try await database.ready.wait()
        let rows = try await client.query("""
            WITH gone AS (DELETE FROM blobs WHERE hash = \(hash.hex) AND last_shared_at <= \(cutoff) RETURNING upload_id),
                 chunks AS (DELETE FROM blob_chunks WHERE upload_id IN (SELECT upload_id FROM gone))
            SELECT count(*)::bigint FROM gone
            """, logger: logger)
        for try await count in rows.decode(Int64.self) { return count > 0 }
        return false
    }

    /// Drops uploads begun before `cutoff` that never committed, with their chunks.
    func removeAbandonedUploads(startedBefore cutoff: Date) async throws {
        try await client.query("""
            WITH stale AS (DELETE FROM blob_uploads WHERE started_at < \(cutoff) RETURNING id)
            DELETE FROM blob_chunks WHERE upload_id IN (SELECT id FROM stale)
            """, logger: logger)
    }

    /// How many uploads are being written (or were abandoned and not yet swept), for tests.
    public func pendingUploadCount() async throws -> Int {
        try await database.ready.wait()
        let rows = try await client.query("SELECT count(*)::bigint FROM blob_uploads", logger: logger)
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    /// A blob's row: where its chunks are and how they are cut.
    private func row(of hash: BlobHash) async throws -> (uploadID: UUID, size: Int64, chunkBytes: Int)? {
        try await database.ready.wait()
        let rows = try await client.query(
            "SELECT upload_id, size, chunk_bytes FROM blobs WHERE hash = \(hash.hex)", logger: logger
        )
        for try await (uploadID, size, chunkBytes) in rows.decode((UUID, Int64, Int32).self) {
            return (uploadID, size, Int(chunkBytes))
        }
        return nil
    }
}

extension Duration {
    /// The duration in whole and fractional seconds.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
