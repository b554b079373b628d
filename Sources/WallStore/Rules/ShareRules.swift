import Foundation
import WallCore

/// What a store already knows about a share id: the fingerprint stored with it, whether its
/// first answer was a duplicate, and its item (`nil` once that item was deleted).
struct KnownReceipt: Sendable, Equatable {
    var fingerprint: String
    var duplicate: Bool
    var item: Item?
}

/// The rules every store applies to a share, decided on plain values; the backends only look
/// things up and write what these decide.
enum ShareRules {
    /// The answer to a share whose id was stored before: the same item again, or a refusal when
    /// the id was used for other content or its item has been deleted since.
    static func replay(of share: ValidShare, receipt: KnownReceipt) throws(StoreError) -> ShareOutcome {
        guard receipt.fingerprint == share.fingerprint else {
            throw .conflict("This share id was already used for different content.")
        }
        guard let item = receipt.item else { throw .shareDeleted }
        return ShareOutcome(kind: .replayed(duplicate: receipt.duplicate), item: item)
    }

    /// The item a share makes when neither its id nor its link is known on its wall: pending
    /// while it has follow-up jobs to run (a page snapshot to read counts), ready otherwise.
    static func newItem(_ share: ValidShare, wallID: UUID, now: Date, followUps: FollowUpPolicy) -> Item {
        item(
            share, id: UUID.timeOrdered(at: now), wallID: wallID, pending: !followUps.jobs(for: share).isEmpty,
            createdAt: now, updatedAt: now
        )
    }

    /// The one construction of a new item from a share, for every way an item is made (a share,
    /// a file of a share, an imported entry).
    static func item(
        _ share: ValidShare, id: UUID, wallID: UUID, pending: Bool, createdAt: Date, updatedAt: Date,
        file: ItemFile? = nil
    ) -> Item {
        var item = Item(
            id: id, kind: share.kind, url: share.url, title: share.title, text: share.text, userNote: share.note,
            tags: share.tags, wallId: wallID, source: share.source, state: pending ? .pending : .ready,
            sharedAt: share.sharedAt, createdAt: createdAt, updatedAt: updatedAt
        )
        item.file = file
        return item
    }

    /// The item holding a share's link after the share was merged into it (note appended, tags
    /// added, title filled in), changed at `now`; pending when the share's new page snapshot is
    /// to be read (`rereadsSnapshot`).
    /// A member other than the wall's owner (`by`, their user name) has their note attributed
    /// ("bob: …"), so everyone on the wall can tell whose words are whose.
    static func merged(_ existing: Item, with share: ValidShare, now: Date, by member: String? = nil) -> Item {
        var note = share.note
        if let member, let plain = note {
            let attributed = "\(member): \(plain)"
            note = attributed.count <= Limits.maxNoteLength ? attributed : plain
        }
        var item = existing.merging(note: note, tags: share.tags, title: share.title)
        item.updatedAt = now
        if rereadsSnapshot(share, into: existing) { item.state = .pending }
        return item
    }

    /// Whether a share of a link already on the wall brings a page snapshot to read again (an
    /// `enrich` job naming it, written with the merge): the person saved the page as they see it
    /// now, after a sign-in or a paywall the first save met.
    static func rereadsSnapshot(_ share: ValidShare, into existing: Item) -> Bool {
        share.enrichPayload != nil && existing.kind == .url
    }
}
