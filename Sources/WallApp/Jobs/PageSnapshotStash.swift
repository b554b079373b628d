import Foundation
import NIOCore
import WallCore
import WallStore

/// Keeps a share's page snapshot as a blob (its JSON, stored once by its hash) for the item's
/// `enrich` job, so the share's request only writes bytes and never reads the page's HTML.
public struct PageSnapshotStash: Sendable {
    /// Where the snapshots are kept.
    public let blobs: any BlobStore

    /// Makes a stash over `blobs`.
    public init(blobs: any BlobStore) { self.blobs = blobs }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// Stores the snapshot and returns the `enrich` job payload that names it.
    public func keep(_ snapshot: PageSnapshot) async throws -> String {
        let ref = try await blobs.store(try Self.encoder.encode(snapshot))
        return EnrichPayload(pageSnapshot: ref.hash.hex).encoded
    }

    /// The snapshot an `enrich` job's payload names; nil when it names none or the blob is gone
    /// (then the job does what it does for any link: fetch the page).
    func snapshot(for payload: String?) async throws -> PageSnapshot? {
        guard let named = EnrichPayload(stored: payload), let hash = BlobHash(hex: named.pageSnapshot),
              let bytes = try await blobs.contents(of: hash, limit: Int.max)
        else { return nil }
        return try JSONDecoder().decode(PageSnapshot.self, from: Data(bytes.readableBytesView))
    }
}
