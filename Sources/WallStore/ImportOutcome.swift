import Foundation
import WallCore

/// What `importItems` did with one entry.
public enum ImportOutcome: Sendable, Equatable {
    /// A new item.
    case imported(Item)
    /// Nothing changed: the entry id was imported before, or its link is on that wall already.
    case duplicate(itemID: UUID, reason: String)
    /// Refused (its wall does not exist); nothing of it was stored.
    case skipped(reason: String)

    /// Why an entry was a duplicate: its id was imported before.
    public static let importedBefore = "Imported before."
    /// Why an entry was a duplicate: its link is on that wall already.
    public static let alreadyOnWall = "The link is already on that wall."
}

extension FollowUpPolicy {
    /// Whether an import outcome enqueued follow-up jobs under this policy (a new item of a kind
    /// that has some).
    func queuesJobs(for outcome: ImportOutcome) -> Bool {
        guard case .imported(let item) = outcome else { return false }
        return !jobs(for: item.kind).isEmpty
    }
}
