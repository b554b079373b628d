import Foundation
import WallCore

/// How long the store keeps what only history needs: events, dead jobs, share receipts.
public struct RetentionPolicy: Sendable, Equatable {
    /// Events older than this are removed (the newest event is always kept).
    public var events: TimeInterval
    /// Dead jobs last changed longer ago than this are removed.
    public var deadJobs: TimeInterval
    /// Share receipts older than this are removed: a resend of their share id is no longer recognised.
    public var receipts: TimeInterval

    /// The policy; every length defaults to `Limits`.
    public init(
        events: TimeInterval = TimeInterval(Limits.defaultEventRetentionDays) * 86_400,
        deadJobs: TimeInterval = Limits.deadJobRetention, receipts: TimeInterval = Limits.shareReceiptRetention
    ) {
        self.events = events
        self.deadJobs = deadJobs
        self.receipts = receipts
    }
}

/// What one pruning removed.
public struct PruneReport: Sendable, Equatable {
    /// Events removed.
    public var events = 0
    /// Dead jobs removed.
    public var deadJobs = 0
    /// Expired web sessions removed.
    public var sessions = 0
    /// Share receipts removed.
    public var receipts = 0

    /// An empty report.
    public init() {}
}
