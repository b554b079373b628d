import Foundation
import WallCore

/// What is stored already for a batch of imported entries (found by each backend's lookup).
struct KnownImportRows: Sendable {
    /// Entry ids imported (or shared) before, with the item each one names.
    var receipts: [UUID: UUID] = [:]
    /// Links on a wall already, with their item.
    var links: [WallLinkKey: UUID] = [:]
    /// Entry ids some item already has as its id.
    var takenIDs: Set<UUID> = []
}

/// Decides, in Swift and in entry order, what becomes of each entry of an import batch: the
/// same for every store (an entry id seen before is a duplicate, whatever its wall; an entry
/// naming no wall of the person's is skipped; a link on its wall is a duplicate; else a new
/// item), also between entries of the same batch.
struct ImportPlan {
    /// A new item and what its insert needs.
    struct NewItem {
        var item: Item
        var canonicalURL: String?
        var wallKey: WallLinkKey? { canonicalURL.map { WallLinkKey(wallID: item.wallId, canonicalURL: $0) } }
    }

    /// A receipt to write: the entry id and the item it became or duplicates.
    struct Receipt {
        var shareID: UUID
        var itemID: UUID
        var fingerprint: String
        var duplicate: Bool
    }

    /// A follow-up job to write for a new item.
    struct FollowUp {
        var id: UUID
        var kind: JobKind
        var itemID: UUID
    }

    private(set) var outcomes: [ImportOutcome] = []
    private(set) var newItems: [NewItem] = []
    private(set) var receipts: [Receipt] = []
    private let followUps: FollowUpPolicy
    private let now: Date

    init(_ entries: [ValidImport], wallIDs: [UUID?], known: KnownImportRows, followUps: FollowUpPolicy, now: Date) {
        self.followUps = followUps
        self.now = now
        var seen: [UUID: UUID] = [:]
        var links = known.links
        outcomes.reserveCapacity(entries.count)
        for (entry, wallID) in zip(entries, wallIDs) {
            let share = entry.share
            if let itemID = known.receipts[share.shareID] ?? seen[share.shareID] {
                outcomes.append(.duplicate(itemID: itemID, reason: ImportOutcome.importedBefore))
                continue
            }
            guard let wallID else {
                outcomes.append(.skipped(reason: "There is no wall \(share.wall ?? "")."))
                continue
            }
            let key = share.canonicalURL.map { WallLinkKey(wallID: wallID, canonicalURL: $0) }
            if let key, let itemID = links[key] {
                receipts.append(Receipt(shareID: share.shareID, itemID: itemID, fingerprint: share.fingerprint, duplicate: true))
                seen[share.shareID] = itemID
                outcomes.append(.duplicate(itemID: itemID, reason: ImportOutcome.alreadyOnWall))
                continue
            }
            let item = newItem(entry, wallID: wallID, idTaken: known.takenIDs.contains(share.shareID))
            newItems.append(NewItem(item: item, canonicalURL: share.canonicalURL))
            receipts.append(Receipt(shareID: share.shareID, itemID: item.id, fingerprint: share.fingerprint, duplicate: false))
            seen[share.shareID] = item.id
            if let key { links[key] = item.id }
            outcomes.append(.imported(item))
        }
    }

    private func newItem(_ entry: ValidImport, wallID: UUID, idTaken: Bool) -> Item {
        let share = entry.share
        let createdAt = entry.createdAt ?? now
        return ShareRules.item(
            share, id: idTaken ? UUID.timeOrdered(at: now) : share.shareID, wallID: wallID,
            pending: !followUps.jobs(for: share.kind).isEmpty, createdAt: createdAt,
            updatedAt: entry.updatedAt ?? createdAt, file: entry.file
        )
    }

    /// The follow-up jobs of the new items, in item order (they are written at `.bulk` priority).
    var jobs: [FollowUp] {
        newItems.flatMap { new in
            followUps.jobs(for: new.item.kind).map { FollowUp(id: UUID.timeOrdered(at: now), kind: $0, itemID: new.item.id) }
        }
    }

    /// Turns new items whose insert was refused (their link was stored meanwhile by someone
    /// else) into duplicates of the item that holds the link; `existing` maps each refused id
    /// to that item.
    mutating func resolveRefused(_ refused: Set<UUID>, existing: [UUID: UUID]) throws {
        func replaced(_ id: UUID) throws -> UUID {
            guard refused.contains(id) else { return id }
            guard let other = existing[id] else {
                throw CorruptRow(detail: "an import insert was refused, but no item holds its link")
            }
            return other
        }
        newItems.removeAll { refused.contains($0.item.id) }
        for index in receipts.indices where refused.contains(receipts[index].itemID) {
            receipts[index].itemID = try replaced(receipts[index].itemID)
            receipts[index].duplicate = true
        }
        for index in outcomes.indices {
            switch outcomes[index] {
            case .imported(let item) where refused.contains(item.id):
                outcomes[index] = .duplicate(itemID: try replaced(item.id), reason: ImportOutcome.alreadyOnWall)
            case .duplicate(let itemID, let reason) where refused.contains(itemID):
                outcomes[index] = .duplicate(itemID: try replaced(itemID), reason: reason)
            default: break
            }
        }
    }
}
