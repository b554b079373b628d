import Foundation
import WallCore

/// A due job's place in the claim order, the one rule both job queues sort by: the highest
/// priority first, then the earliest due, then the oldest (ids are time-ordered, compared as
/// their lower-case text, as both stores keep and index them).
struct ClaimRank: Sendable, Comparable {
    /// The job's priority (higher first).
    var priority: JobPriority
    /// When it is due, to the millisecond.
    var runAtMillis: Int64
    /// Its id as lower-case text.
    var id: String

    /// The rank of a job as a store read it.
    init(_ job: Job) {
        self.init(priority: job.priority, runAtMillis: job.runAt.millisSince1970, id: job.id.lowercasedText)
    }

    /// The rank of a job from its stored values.
    init(priority: JobPriority, runAtMillis: Int64, id: String) {
        self.priority = priority
        self.runAtMillis = runAtMillis
        self.id = id
    }

    static func < (lhs: ClaimRank, rhs: ClaimRank) -> Bool {
        (rhs.priority.rawValue, lhs.runAtMillis, lhs.id) < (lhs.priority.rawValue, rhs.runAtMillis, rhs.id)
    }
}
