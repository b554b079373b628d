import Crypto
import Foundation
import NIOCore
import PostgresNIO

/// One upload into `PostgresBlobStore`: hashed as it streams, written a chunk at a time.
///
/// A blob that fits in one chunk touches the database once, at commit (one statement). A
/// larger one first registers its upload id in `blob_uploads` with its first chunk, writes each
/// full chunk as it fills, and commits in one transaction (the last chunk, the `blobs` row, the
/// `blob_uploads` row dropped). Until then no reader can find it.
final class PostgresBlobUpload: BlobUpload {
    private let store: PostgresBlobStore
    private let id = UUID()
    private var hasher = SHA256()
    private var pending = ByteBuffer()
    private var nextPart: Int32 = 0
    private var finished = false
    private(set) var byteCount: Int64 = 0

    init(store: PostgresBlobStore) {
        self.store = store
    }

    func write(_ bytes: ByteBuffer) async throws {
        guard !finished else { throw BlobStoreError.uploadFinished }
        bytes.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        byteCount += Int64(bytes.readableBytes)
        var bytes = bytes
        pending.writeBuffer(&bytes)
        while pending.readableBytes >= store.chunkBytes {
            let chunk = pending.readSlice(length: store.chunkBytes)!
            try await writeStaged(chunk)
        }
        pending.discardReadBytes()
    }

    func commit() async throws -> BlobRef {
        guard !finished else { throw BlobStoreError.uploadFinished }
        finished = true
        let hash = BlobHash(hex: hasher.finalize().map { String(format: "%02x", $0) }.joined())!
        let ref = BlobRef(hash: hash, size: byteCount)
        if nextPart == 0 {
            try await commitSingleChunk(ref)
        } else {
            do {
                try await commitStaged(ref)
            } catch {
                await discardStaged()
                throw error
            }
        }
        return ref
    }

    func abort() async {
        guard !finished else { return }
        finished = true
        pending.clear()
        if nextPart > 0 { await discardStaged() }
    }

    // MARK: Statements

    /// Writes one full chunk; the first also registers the upload, in the same statement.
    private func writeStaged(_ chunk: ByteBuffer) async throws {
        let part = nextPart
        if part == 0 {
            let now = store.clock()
            try await store.client.query("""
                WITH upload AS (INSERT INTO blob_uploads (id, started_at) VALUES (\(id), \(now)))
                INSERT INTO blob_chunks (upload_id, part, bytes) VALUES (\(id), \(part), \(chunk))
                """, logger: store.logger)
        } else {
            try await store.client.query(
                "INSERT INTO blob_chunks (upload_id, part, bytes) VALUES (\(id), \(part), \(chunk))", logger: store.logger
            )
        }
        nextPart += 1
    }

    /// The whole blob in one statement: its row (or, when the hash is stored, a fresher share
    /// time on that row) and, only when the row is new, its one chunk.
    private func commitSingleChunk(_ ref: BlobRef) async throws {
        let now = store.clock()
        let chunkBytes = Int32(store.chunkBytes)
        try await store.client.query("""
            WITH blob AS (
                INSERT INTO blobs (hash, upload_id, size, chunk_bytes, created_at, last_shared_at)
                VALUES (\(ref.hash.hex), \(id), \(ref.size), \(chunkBytes), \(now), \(now))
                ON CONFLICT (hash) DO UPDATE SET last_shared_at = GREATEST(blobs.last_shared_at, EXCLUDED.last_shared_at)
                RETURNING upload_id
            )
            INSERT INTO blob_chunks (upload_id, part, bytes)
            SELECT upload_id, 0, \(pending) FROM blob WHERE upload_id = \(id) AND \(ref.size) > 0
            """, logger: store.logger)
        pending.clear()
    }

    /// Claims the upload (gone when a sweep found it abandoned), then either names the staged
    /// chunks by the hash or, when the hash is stored already, drops them: one transaction.
    private func commitStaged(_ ref: BlobRef) async throws {
        let now = store.clock()
        let chunkBytes = Int32(store.chunkBytes)
        let last = pending.readableBytes > 0 ? pending : nil
        let lastPart = nextPart
        let id = self.id
        let logger = store.logger
        try await store.client.transaction(logger: logger) { connection in
            let claimed = try await connection.query(
                "DELETE FROM blob_uploads WHERE id = \(id) RETURNING id", logger: logger
            ).collect()
            guard !claimed.isEmpty else { throw BlobStoreError.inconsistent("an upload was swept as abandoned before it committed") }
            var winner: UUID?
            let rows = try await connection.query("""
                INSERT INTO blobs (hash, upload_id, size, chunk_bytes, created_at, last_shared_at)
                VALUES (\(ref.hash.hex), \(id), \(ref.size), \(chunkBytes), \(now), \(now))
                ON CONFLICT (hash) DO UPDATE SET last_shared_at = GREATEST(blobs.last_shared_at, EXCLUDED.last_shared_at)
                RETURNING upload_id
                """, logger: logger)
            for try await uploadID in rows.decode(UUID.self) { winner = uploadID }
            if winner == id {
                if let last {
                    try await connection.query(
                        "INSERT INTO blob_chunks (upload_id, part, bytes) VALUES (\(id), \(lastPart), \(last))", logger: logger
                    )
                }
            } else {
                try await connection.query("DELETE FROM blob_chunks WHERE upload_id = \(id)", logger: logger)
            }
        }
        pending.clear()
    }

    /// Drops the staged chunks and the upload's row (a failure leaves them for the sweep).
    private func discardStaged() async {
        do {
            try await store.client.query("""
                WITH upload AS (DELETE FROM blob_uploads WHERE id = \(id))
                DELETE FROM blob_chunks WHERE upload_id = \(id)
                """, logger: store.logger)
        } catch {
            store.logger.warning("Could not discard a blob upload", metadata: ["upload": "\(id)", "error": "\(error)"])
        }
    }
}
