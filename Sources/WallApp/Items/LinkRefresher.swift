import Foundation
import WallCore
import WallStore

/// Fetches a link's page again (`POST /v1/items/{id}/refresh`): the item goes back to `pending`
/// (announced on the event feed) and an `enrich` job is queued at interactive priority. A
/// refresh of a link still pending from one asked for on this server within
/// `Limits.refreshCoalescingWindow` queues nothing more and answers the item as it is. With text
/// recognition on, a picture's or PDF's refresh recognises its text again (a `recognize` job at
/// interactive priority; the item stays as it is until the job records its result).
public struct LinkRefresher: Sendable {
    /// Where the items are.
    public let store: any WallStore
    /// Whether this server makes link previews (else every refresh is refused).
    public let linkPreviews: Bool
    /// Whether this server recognises text in pictures and scans (their refresh recognises again).
    public let recognizes: Bool
    private let coalescer: RefreshCoalescer

    /// Makes the use case; `coalescer` remembers the refreshes queued in this process.
    public init(
        store: any WallStore, linkPreviews: Bool, recognizes: Bool = false, coalescer: RefreshCoalescer = RefreshCoalescer()
    ) {
        self.store = store
        self.linkPreviews = linkPreviews
        self.recognizes = recognizes
        self.coalescer = coalescer
    }

    /// Refreshes a link the person may change (on their own wall, or as a member whose role
    /// allows it) and returns the item as it is now; throws `RefreshRefusal` for an item they
    /// can't see, not a link, or when previews are off, and `StoreError.forbidden` when their
    /// role doesn't let them change it.
    public func refresh(itemID: UUID, userID: UUID) async throws -> Item {
        guard let item = try await store.item(id: itemID, userID: userID),
              let owner = try await store.ownerOfChangeableItem(id: itemID, userID: userID)
        else { throw RefreshRefusal.notFound }
        if recognizes, let file = item.file, RecognitionJob.applies(to: file) {
            try await store.jobs.enqueue(NewJob(kind: .recognize, itemID: itemID, userID: owner, priority: .interactive))
            return item
        }
        guard item.kind == .url else { throw RefreshRefusal.notALink(item.kind) }
        guard linkPreviews else { throw RefreshRefusal.noLinkPreviews }
        guard coalescer.shouldQueue(itemID, pending: item.state == .pending) else { return item }
        // Pending first, then the job: a job that ran before the state was written could be
        // overwritten by it. Should enqueuing fail, the item stays pending and a new refresh
        // retries. (Two writes, in this order, until the store offers them as one transaction.)
        // Both as the wall's owner, under whom the item is kept and its jobs run.
        guard try await store.recordEnrichment(itemID: itemID, userID: owner, state: .pending, preview: nil) != nil,
              let pending = try await store.item(id: itemID, userID: userID)
        else { throw RefreshRefusal.notFound }
        try await store.jobs.enqueue(NewJob(kind: .enrich, itemID: itemID, userID: owner, priority: .interactive))
        return pending
    }
}
