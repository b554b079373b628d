import Foundation
import WallCore

/// Removes blobs no item refers to any more.
///
/// Mark and sweep rather than counters: the references are read from the database (the one
/// source of truth), so a crash between a commit and a removal can only leave an extra blob for
/// the next sweep, never remove one in use. A blob is removed only once it has been unreferenced
/// for `grace` by two clocks: since it was last written or shared (an upload commits its blob
/// before the transaction that refers to it), and since a sweep of this process first found it
/// unreferenced (`UnreferencedBlobs`), so that a deleted item's file outlives it by the grace
/// too, and a backup taken meanwhile (a dump, then the files) still finds it.
public struct BlobSweeper: Sendable {
    /// The blobs.
    public let blobs: any BlobStore
    /// The hashes some item refers to now.
    public let references: @Sendable () async throws -> Set<BlobHash>
    /// How long a blob must have been unreferenced before it is removed.
    public let grace: Duration
    /// The current time (injected in tests).
    public let clock: @Sendable () -> Date
    /// When this process's sweeps first found each blob unreferenced; kept from sweep to sweep.
    public let unreferenced: UnreferencedBlobs

    /// Makes a sweeper; give every sweep of a process the same `unreferenced`.
    public init(
        blobs: any BlobStore, grace: Duration = .seconds(3600),
        clock: @escaping @Sendable () -> Date = Date.init, unreferenced: UnreferencedBlobs = UnreferencedBlobs(),
        references: @escaping @Sendable () async throws -> Set<BlobHash>
    ) {
        self.blobs = blobs
        self.grace = grace
        self.clock = clock
        self.unreferenced = unreferenced
        self.references = references
    }

    /// Removes every blob unreferenced for the grace time; returns the hashes removed.
    @discardableResult
    public func sweep() async throws -> [BlobHash] {
        // References first, then the listing: an item committed after the references were read
        // had its blob written or re-shared (touched) shortly before, so it is inside the grace.
        let inUse = try await references()
        let now = clock()
        let cutoff = now.addingTimeInterval(-grace.blobSweepInterval)
        let unused = try await blobs.storedBlobs().filter { !inUse.contains($0.hash) }
        let since = unreferenced.record(unused.map(\.hash), at: now)
        var removed: [BlobHash] = []
        // Each removal checks the blob's time again: a share of the same bytes since the
        // listing touched it, and its item may commit after the references were read.
        for blob in unused where blob.modifiedAt <= cutoff && (since[blob.hash] ?? now) <= cutoff {
            if try await blobs.remove(blob.hash, unlessSharedAfter: cutoff) {
                removed.append(blob.hash)
                unreferenced.forget(blob.hash)
            }
        }
        return removed
    }
}

/// When a process's blob sweeps first found each blob unreferenced. In memory only: a restart
/// forgets, which only makes the next removals wait a grace longer.
public final class UnreferencedBlobs: Sendable {
    private let firstSeen = Locked<[BlobHash: Date]>([:])

    /// Makes an empty record.
    public init() {}

    /// Records `hashes` as found unreferenced at `now` (keeping the first sighting of each) and
    /// forgets every other (referenced again, or gone); returns when each was first found.
    func record(_ hashes: [BlobHash], at now: Date) -> [BlobHash: Date] {
        firstSeen.withLock { firstSeen in
            var kept: [BlobHash: Date] = [:]
            for hash in hashes { kept[hash] = firstSeen[hash] ?? now }
            firstSeen = kept
            return kept
        }
    }

    /// Forgets a removed blob.
    func forget(_ hash: BlobHash) {
        _ = firstSeen.withLock { $0.removeValue(forKey: hash) }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    fileprivate var blobSweepInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
