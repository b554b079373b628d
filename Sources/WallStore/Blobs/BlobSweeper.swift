import Foundation

/// Removes blobs no item refers to any more.
///
/// Mark and sweep rather than counters: the references are read from the database (the one
/// source of truth), so a crash between a commit and a removal can only leave an extra blob for
/// the next sweep, never remove one in use. Blobs younger than `grace` are spared, because an
/// upload commits its blob before the transaction that refers to it.
public struct BlobSweeper: Sendable {
    /// The blobs.
    public let blobs: any BlobStore
    /// The hashes some item refers to now.
    public let references: @Sendable () async throws -> Set<BlobHash>
    /// How old an unreferenced blob must be before it is removed.
    public let grace: Duration
    /// The current time (injected in tests).
    public let clock: @Sendable () -> Date

    /// Makes a sweeper.
    public init(
        blobs: any BlobStore, grace: Duration = .seconds(3600),
        clock: @escaping @Sendable () -> Date = Date.init,
        references: @escaping @Sendable () async throws -> Set<BlobHash>
    ) {
        self.blobs = blobs
        self.grace = grace
        self.clock = clock
        self.references = references
    }

    /// Removes every unreferenced blob older than the grace time; returns the hashes removed.
    @discardableResult
    public func sweep() async throws -> [BlobHash] {
        // References first, then the listing: an item committed after the references were read
        // had its blob written or re-shared (touched) shortly before, so it is inside the grace.
        let inUse = try await references()
        let cutoff = clock().addingTimeInterval(-grace.blobSweepInterval)
        let candidates = try await blobs.storedBlobs().filter { $0.modifiedAt <= cutoff }
        var removed: [BlobHash] = []
        // Each removal checks the blob's time again: a share of the same bytes since the
        // listing touched it, and its item may commit after the references were read.
        for blob in candidates where !inUse.contains(blob.hash) {
            if try await blobs.remove(blob.hash, unlessSharedAfter: cutoff) { removed.append(blob.hash) }
        }
        return removed
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    fileprivate var blobSweepInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
