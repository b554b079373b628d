import Foundation
import WallCore

/// The moments before which pruning removes each kind of history.
struct RetentionCutoffs: Sendable, Equatable {
    /// Events created before this go (but the newest event stays: `RetentionRule.firstKeptEvent`).
    var events: Date
    /// Dead jobs last changed before this go.
    var deadJobs: Date
    /// Share receipts made before this go.
    var receipts: Date
}

/// What pruning keeps, decided on plain values; the backends only read the seqs and delete rows.
enum RetentionRule {
    /// The cut-offs `policy` gives at `now`.
    static func cutoffs(_ policy: RetentionPolicy, now: Date) -> RetentionCutoffs {
        RetentionCutoffs(events: now - policy.events, deadJobs: now - policy.deadJobs, receipts: now - policy.receipts)
    }

    /// The first event to keep, given the oldest event created at or after the events' cut-off
    /// and the newest event (each `nil` when there is none): that oldest one, else the newest,
    /// so the log never empties and seqs are never handed out again; `nil` for an empty log.
    static func firstKeptEvent(oldestInsideHorizon: Int64?, newest: Int64?) -> Int64? {
        oldestInsideHorizon ?? newest
    }

    /// The event horizon, given the oldest event still kept: one less than its seq, so every
    /// removed seq is at most the horizon; 0 while the log is empty.
    static func horizon(oldestKept: Int64?) -> Int64 {
        max(0, (oldestKept ?? 1) - 1)
    }

    /// The seq a person's page resumes after, given their newest event and the oldest event kept
    /// (each `nil` when there is none): their newest, but never behind the horizon, so a page
    /// rendered after pruning is never told to reset.
    static func lastEventSeq(usersNewest: Int64?, oldestKept: Int64?) -> Int64 {
        max(usersNewest ?? 0, horizon(oldestKept: oldestKept))
    }
}
