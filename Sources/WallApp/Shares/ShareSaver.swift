import Foundation
import WallCore
import WallStore

/// Saves a link or text share (`POST /v1/share` with JSON): keeps the page snapshot it carries,
/// if any, as a blob its item's `enrich` job reads, then stores the share exactly once per id.
public struct ShareSaver: Sendable {
    /// Where the share goes.
    public let store: any WallStore
    /// Where its page snapshot waits for the `enrich` job.
    public let snapshots: PageSnapshotStash

    /// Makes the use case.
    public init(store: any WallStore, snapshots: PageSnapshotStash) {
        self.store = store
        self.snapshots = snapshots
    }

    /// Stores `share` for `userID`: new, a replay of the same id, or a duplicate link on its wall.
    public func save(_ share: ValidShare, userID: UUID) async throws -> ShareOutcome {
        var share = share
        if let page = share.page { share.enrichPayload = try await snapshots.keep(page) }
        return try await store.saveShare(share, userID: userID)
    }
}
