import Foundation
import WallCore

/// A person's share id: the receipts' key (share ids are unique per user).
struct ShareKey: Hashable, Sendable {
    var userID: UUID
    var shareID: UUID
}

/// Decides, in Swift and in arrival order, what becomes of each share of a group-commit batch,
/// by the rules a one-at-a-time writer applies (`ShareRules`), also between shares of the same
/// batch: an id seen earlier in the batch is a replay, a link stored earlier in the batch is a
/// duplicate of that new item. The backend looks up what it holds (`Known`) before and writes
/// what the plan decided after, each in a fixed number of statements whatever the batch's size.
struct SharePlan {
    /// One share of the batch, with its wall resolved (`nil`: the person has no such wall).
    struct Entry: Sendable {
        var share: ValidShare
        var userID: UUID
        var wallID: UUID?
    }

    /// What the store holds already for the batch's share ids and links.
    struct Known: Sendable {
        var receipts: [ShareKey: KnownReceipt] = [:]
        var links: [WallLinkKey: Item] = [:]
    }

    /// An event to append, in this order: the item as it was after the share that made it.
    struct Event: Sendable {
        var kind: ItemEvent.Kind
        var item: Item
        var userID: UUID
    }

    /// A receipt to write: the share id and the item it became or duplicates.
    struct Receipt: Sendable {
        var key: ShareKey
        var itemID: UUID
        var fingerprint: String
        var duplicate: Bool
    }

    /// A follow-up job to write for a new item (or for a stored item whose new page snapshot
    /// is to be read).
    struct FollowUp: Sendable {
        var id: UUID
        var kind: JobKind
        var itemID: UUID
        var userID: UUID
        var priority: JobPriority
        var payload: String?
    }

    /// Each share's answer, in the batch's order.
    private(set) var results: [Result<ShareOutcome, StoreError>] = []
    /// The item each share's answer is about, when the batch writes that item.
    private(set) var targets: [UUID?] = []
    /// The new items' ids, in the order they were made.
    private(set) var created: [UUID] = []
    private var createdIDs: Set<UUID> = []
    /// The canonical link of each new item that has one (the duplicate rule's key).
    private(set) var canonicalURLs: [UUID: String] = [:]
    /// Stored items the batch merges shares into, in the order of their first merge.
    private(set) var merged: [UUID] = []
    /// The last state of every item the batch writes, and whose it is.
    private(set) var items: [UUID: (item: Item, userID: UUID)] = [:]
    /// The events to append, in order.
    private(set) var events: [Event] = []
    /// The index in `events` of each written item's last event (its sort key's event).
    private(set) var lastEvent: [UUID: Int] = [:]
    /// The receipts to write.
    private(set) var receipts: [Receipt] = []
    /// The follow-up jobs of the new items.
    private(set) var followUps: [FollowUp] = []

    init(_ entries: [Entry], known: Known, followUps policy: FollowUpPolicy, now: Date) {
        var seen: [ShareKey: (fingerprint: String, duplicate: Bool, itemID: UUID)] = [:]
        var links: [WallLinkKey: UUID] = [:]
        var stored: [UUID: Item] = [:]
        for (key, item) in known.links {
            links[key] = item.id
            stored[item.id] = item
        }
        for entry in entries {
            let share = entry.share
            let key = ShareKey(userID: entry.userID, shareID: share.shareID)
            if let earlier = seen[key] {
                let receipt = KnownReceipt(
                    fingerprint: earlier.fingerprint, duplicate: earlier.duplicate, item: items[earlier.itemID]?.item
                )
                let answer = Result { () throws(StoreError) in try ShareRules.replay(of: share, receipt: receipt) }
                record(answer, target: (try? answer.get()) == nil ? nil : earlier.itemID)
                continue
            }
            if let receipt = known.receipts[key] {
                var current = receipt
                if let id = receipt.item?.id, let touched = items[id] { current.item = touched.item }
                record(Result { () throws(StoreError) in try ShareRules.replay(of: share, receipt: current) }, target: nil)
                continue
            }
            guard let wallID = entry.wallID else {
                record(.failure(.notFound("wall")), target: nil)
                continue
            }
            let link = share.canonicalURL.map { WallLinkKey(wallID: wallID, canonicalURL: $0) }
            if let link, let id = links[link], let holder = items[id]?.item ?? stored[id] {
                if items[id] == nil { merged.append(id) }
                let item = ShareRules.merged(holder, with: share, now: now)
                write(item, userID: entry.userID, event: .updated)
                if ShareRules.rereadsSnapshot(share, into: holder) {
                    followUps.append(FollowUp(
                        id: UUID.timeOrdered(at: now), kind: .enrich, itemID: id, userID: entry.userID,
                        priority: policy.priority(for: share.source), payload: share.enrichPayload
                    ))
                }
                receipts.append(Receipt(key: key, itemID: id, fingerprint: share.fingerprint, duplicate: true))
                seen[key] = (share.fingerprint, true, id)
                record(.success(ShareOutcome(kind: .duplicate, item: item)), target: id)
                continue
            }
            let item = ShareRules.newItem(share, wallID: wallID, now: now, followUps: policy)
            created.append(item.id)
            createdIDs.insert(item.id)
            write(item, userID: entry.userID, event: .created)
            receipts.append(Receipt(key: key, itemID: item.id, fingerprint: share.fingerprint, duplicate: false))
            for kind in policy.jobs(for: share) {
                followUps.append(FollowUp(
                    id: UUID.timeOrdered(at: now), kind: kind, itemID: item.id, userID: entry.userID,
                    priority: policy.priority(for: share.source), payload: policy.payload(for: kind, of: share)
                ))
            }
            seen[key] = (share.fingerprint, false, item.id)
            if let link {
                links[link] = item.id
                canonicalURLs[item.id] = link.canonicalURL
            }
            record(.success(ShareOutcome(kind: .created, item: item)), target: item.id)
        }
    }

    /// Whether the batch writes anything at all (a batch of replays and refusals does not).
    var writesAnything: Bool { !events.isEmpty }

    /// Whether `id` is one of the batch's new items (its receipts, events and jobs are written
    /// only if its insert was not refused).
    func isCreated(_ id: UUID) -> Bool { createdIDs.contains(id) }

    /// The indices of the shares whose answer is about one of `items` (new items whose insert
    /// was refused: the link was stored by another writer since the lookup).
    func shares(about items: Set<UUID>) -> [Int] {
        targets.indices.filter { index in targets[index].map(items.contains) ?? false }
    }

    private mutating func write(_ item: Item, userID: UUID, event kind: ItemEvent.Kind) {
        items[item.id] = (item, userID)
        lastEvent[item.id] = events.count
        events.append(Event(kind: kind, item: item, userID: userID))
    }

    private mutating func record(_ result: Result<ShareOutcome, StoreError>, target: UUID?) {
        results.append(result)
        targets.append(target)
    }
}
