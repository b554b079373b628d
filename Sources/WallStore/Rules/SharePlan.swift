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
    /// One share of the batch, with the sharer's standing on its wall (`nil`: no wall they can
    /// see has that reference).
    struct Entry: Sendable {
        var share: ValidShare
        /// The person sharing (the receipt's owner).
        var userID: UUID
        var access: WallAccess?
        /// The sharer's user name when the wall is someone else's: new items carry it, notes
        /// merged into stored items are attributed to it.
        var adderName: String?
        /// The stored file a part of a multipart share becomes (a new item, never a duplicate).
        var file: ItemFile?

        /// An entry for a share to one of the person's own walls (`nil`: no such wall).
        init(share: ValidShare, userID: UUID, wallID: UUID?) {
            self.init(share: share, userID: userID, access: wallID.map {
                WallAccess(wallID: $0, ownerID: userID, actorID: userID, role: nil)
            })
        }

        /// An entry with the sharer's standing on the wall, as the store read it.
        init(share: ValidShare, userID: UUID, access: WallAccess?, adderName: String? = nil, file: ItemFile? = nil) {
            self.share = share
            self.userID = userID
            self.access = access
            self.adderName = adderName
            self.file = file
        }
    }

    /// What the store holds already for the batch's share ids, links and walls.
    struct Known: Sendable {
        var receipts: [ShareKey: KnownReceipt] = [:]
        var links: [WallLinkKey: Item] = [:]
        /// The members of the batch's shared walls (their owners aside): each gets every event.
        var members: [UUID: [UUID]] = [:]
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
    /// The last state of every item the batch writes, and whose it is (the wall's owner).
    private(set) var items: [UUID: (item: Item, userID: UUID)] = [:]
    /// Who added each new item to someone else's wall (its `added_by`).
    private(set) var adders: [UUID: UUID] = [:]
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
            guard let access = entry.access else {
                record(.failure(.notFound("wall")), target: nil)
                continue
            }
            do {
                try access.requirePost()
            } catch {
                record(.failure(error), target: nil)
                continue
            }
            let owner = access.ownerID
            let members = known.members[access.wallID, default: []].filter { $0 != owner }
            let link = share.canonicalURL.map { WallLinkKey(wallID: access.wallID, canonicalURL: $0) }
            if entry.file == nil, let link, let id = links[link], let holder = items[id]?.item ?? stored[id] {
                if items[id] == nil { merged.append(id) }
                let item = ShareRules.merged(holder, with: share, now: now, by: entry.adderName)
                write(item, owner: owner, members: members, event: .updated)
                if ShareRules.rereadsSnapshot(share, into: holder) {
                    followUps.append(FollowUp(
                        id: UUID.timeOrdered(at: now), kind: .enrich, itemID: id, userID: owner,
                        priority: policy.priority(for: share.source), payload: share.enrichPayload
                    ))
                }
                receipts.append(Receipt(key: key, itemID: id, fingerprint: share.fingerprint, duplicate: true))
                seen[key] = (share.fingerprint, true, id)
                record(.success(ShareOutcome(kind: .duplicate, item: item)), target: id)
                continue
            }
            var item = entry.file.map { share.fileItem($0, id: UUID.timeOrdered(at: now), wallID: access.wallID, at: now) }
                ?? ShareRules.newItem(share, wallID: access.wallID, now: now, followUps: policy)
            item.addedBy = entry.adderName
            created.append(item.id)
            createdIDs.insert(item.id)
            if let adder = access.addedBy { adders[item.id] = adder }
            write(item, owner: owner, members: members, event: .created)
            receipts.append(Receipt(key: key, itemID: item.id, fingerprint: share.fingerprint, duplicate: false))
            for kind in policy.jobs(for: share) {
                followUps.append(FollowUp(
                    id: UUID.timeOrdered(at: now), kind: kind, itemID: item.id, userID: owner,
                    priority: policy.priority(for: share.source), payload: policy.payload(for: kind, of: share)
                ))
            }
            seen[key] = (share.fingerprint, false, item.id)
            if let link, entry.file == nil {
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

    /// Records the item's new state: its owner's event (the item's sort key), then each member's.
    private mutating func write(_ item: Item, owner: UUID, members: [UUID], event kind: ItemEvent.Kind) {
        items[item.id] = (item, owner)
        lastEvent[item.id] = events.count
        events.append(Event(kind: kind, item: item, userID: owner))
        for member in members { events.append(Event(kind: kind, item: item, userID: member)) }
    }

    private mutating func record(_ result: Result<ShareOutcome, StoreError>, target: UUID?) {
        results.append(result)
        targets.append(target)
    }
}
