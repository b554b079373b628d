import Foundation
import WallCore

/// What a plainly new share writes besides its event and receipt, made the same way for the
/// lone-share and new-shares statements: the item as `ShareRules.newItem` makes it (its wall a
/// placeholder, replaced by the one the statement finds), its follow-up jobs and their priority.
struct PostgresNewItemRows {
    /// The new item; its `wallId` is a placeholder until the statement answers.
    var item: Item
    /// The item's follow-up jobs: id, kind and payload (nil when the kind takes none).
    var jobs: [(id: UUID, kind: JobKind, payload: String?)]
    /// The jobs' priority, from the share's source.
    var priority: Int16

    /// The wall an item holds until the statement answers (a constant: a fresh `UUID()` reads
    /// the system's random source, and this runs for every share in the batch leader's turn).
    static let wallPlaceholder = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    init(_ share: ValidShare, now: Date, followUps: FollowUpPolicy) {
        item = ShareRules.newItem(share, wallID: Self.wallPlaceholder, now: now, followUps: followUps)
        jobs = Self.jobs(for: share, now: now, followUps: followUps)
        priority = followUps.priority(for: share.source).rawValue
    }

    /// The follow-up jobs `followUps` names for `share`, with ids made at `now`: every path that
    /// writes a new item writes these.
    static func jobs(
        for share: ValidShare, now: Date, followUps: FollowUpPolicy
    ) -> [(id: UUID, kind: JobKind, payload: String?)] {
        followUps.jobs(for: share).map { kind in
            (id: UUID.timeOrdered(at: now), kind: kind, payload: followUps.payload(for: kind, of: share))
        }
    }
}
