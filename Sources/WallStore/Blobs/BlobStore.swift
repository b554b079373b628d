import Foundation
import NIOCore

/// Where file bytes live, named by their SHA-256 and stored once however often they are shared.
///
/// Routes and jobs see only this protocol, so a store every replica shares (PostgreSQL, an
/// object store) stands in for `FileBlobStore` without touching them. Every call may wait on
/// the network, so every call is `async`. A blob is visible only once complete: an upload is
/// invisible until `BlobUpload.commit()`.
public protocol BlobStore: Sendable {
    /// Starts a new blob; its bytes stream in through the upload and nothing shows until commit.
    func beginUpload() async throws -> any BlobUpload
    /// The size of a stored blob in bytes, or nil when there is none.
    func size(of hash: BlobHash) async throws -> Int64?
    /// Opens a stored blob for reading; nil when there is none.
    func open(_ hash: BlobHash) async throws -> (any BlobReader)?
    /// A local file holding the blob, for tools that read files (libvips, pdftotext); nil when
    /// there is none. The caller calls `release()` on it when done: a store that had to download
    /// the blob to a temporary file deletes it then; the folder store hands out the blob's own
    /// file and `release()` does nothing.
    func localFile(for hash: BlobHash) async throws -> LocalBlobFile?
    /// Every stored blob and when it was last written or re-shared, for sweeping (an upload
    /// abandoned before its commit is the store's to clear, here or in `remove`).
    func storedBlobs() async throws -> [StoredBlob]
    /// Removes a blob; removing one that is absent is not an error.
    func remove(_ hash: BlobHash) async throws
    /// Removes a blob unless it was written or re-shared after `cutoff` (as a sweep lists it, an
    /// upload of the same bytes may touch it before the removal); true when it is gone.
    func remove(_ hash: BlobHash, unlessSharedAfter cutoff: Date) async throws -> Bool
    /// A start-up probe for stores that can be unreachable: writes, reads back and removes a
    /// small blob, and throws a `BlobStoreError` saying what failed. Has a default.
    func checkWritable() async throws
}

/// A blob being written. Write the bytes, then commit (or abort); use it from one task.
public protocol BlobUpload: AnyObject {
    /// Appends bytes, hashing them as they pass.
    func write(_ bytes: ByteBuffer) async throws
    /// How many bytes were written so far.
    var byteCount: Int64 { get }
    /// Makes the bytes durable and visible under their hash (or keeps the copy already stored).
    func commit() async throws -> BlobRef
    /// Throws the bytes away; safe to call after commit (then it does nothing) and more than once.
    func abort() async
}

/// Reads a stored blob in pieces; close it when done.
public protocol BlobReader: AnyObject {
    /// The blob's size in bytes.
    var size: Int64 { get }
    /// Up to `length` bytes starting at `offset` (fewer only at the end).
    func read(offset: Int64, length: Int) async throws -> ByteBuffer
    /// Releases the reader.
    func close()
}

/// A committed blob: its hash and size.
public struct BlobRef: Sendable, Equatable, Hashable, Codable {
    /// The SHA-256 of the bytes.
    public var hash: BlobHash
    /// The size in bytes.
    public var size: Int64

    /// Makes a blob reference.
    public init(hash: BlobHash, size: Int64) {
        self.hash = hash
        self.size = size
    }
}

/// A blob found in the store while sweeping.
public struct StoredBlob: Sendable, Equatable {
    /// Its hash.
    public var hash: BlobHash
    /// When it was last written or re-shared (a sweep spares blobs younger than its grace time).
    public var modifiedAt: Date

    /// Makes a stored blob entry.
    public init(hash: BlobHash, modifiedAt: Date) {
        self.hash = hash
        self.modifiedAt = modifiedAt
    }
}
