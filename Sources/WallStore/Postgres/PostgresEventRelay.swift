import Foundation
import Logging
import PostgresNIO
import WallCore

/// Brings committed events from every replica, this one included, to this replica's feed, in
/// commit order, by listening on `dwall_events`.
///
/// Every transaction holding events sends one notice as it commits; PostgreSQL delivers notices
/// in commit order, which (under the events lock) is seq order. A notice of this replica's own
/// transaction is answered from the events it registered (items as they were then, as SQLite's
/// feed sends them; a notice whose events were not registered is read from the log); another
/// replica's events are read from the log, for
/// the users with a stream open here only. `PostgresListener` feeds it the notices of the replica's
/// one listening connection; after a lost (or deaf, see `watch`) connection it listens again,
/// then the relay reads everything after the last seq it saw, so nothing is skipped.
final class PostgresEventRelay: Sendable {
    private struct State {
        var lastSeen: Int64 = 0
        /// Whether the relay has caught up once (the first LISTEN is in place).
        var caughtUp = false
        /// Pieces of work begun (notices taken, catch-ups) and ended (fewer while one runs).
        var begun = 0
        var ended = 0
        var pending: [Int64: [(userID: UUID, event: ItemEvent)]] = [:]
    }

    let client: PostgresClient
    private let feed: EventFeed
    private let origin: UUID
    let logger: Logger
    private let state = Locked(State())

    init(client: PostgresClient, feed: EventFeed, origin: UUID, logger: Logger) {
        self.client = client
        self.feed = feed
        self.origin = origin
        self.logger = logger
    }

    // MARK: This replica's transactions

    /// Registers a transaction's events, to publish when its notices arrive (one per segment: a
    /// notice sent inside a statement, and the one sent at the end). Registered before the
    /// commit, they are always used; events of a notice already handled (from the log) are not
    /// registered again.
    func expect(_ batch: PostgresEventBatch) {
        let segments = batch.segments.filter { !$0.entries.isEmpty }
        guard !segments.isEmpty else { return }
        state.withLock { state in
            for segment in segments where segment.notice > state.lastSeen { state.pending[segment.notice] = segment.entries }
        }
    }

    /// Drops what `expect` registered for a transaction that failed to commit. (Had it committed
    /// after all, its notices are answered from the log instead.)
    func forget(_ batch: PostgresEventBatch) {
        let segments = batch.segments
        guard !segments.isEmpty else { return }
        state.withLock { state in
            for segment in segments { state.pending.removeValue(forKey: segment.notice) }
        }
    }

    // MARK: Notices (from `PostgresListener`)

    /// After (re)starting to listen: the first time, starts after the newest event; later,
    /// publishes what was missed while not listening.
    func catchUp(first: Bool) async throws {
        state.withLock { $0.begun += 1 }
        defer { state.withLock { $0.ended += 1 } }
        let newest = try await PostgresEventLog.lastSeq(client, logger: logger)
        if !first {
            let from = state.withLock { $0.lastSeen }
            try await publishFromLog(after: from, upTo: newest, users: Array(feed.subscribedUserIDs))
        }
        state.withLock { state in
            state.lastSeen = max(state.lastSeen, newest)
            state.caughtUp = true
            state.pending = state.pending.filter { $0.key > state.lastSeen }
        }
    }

    /// Publishes what one notice announces (from memory for this replica's own transactions,
    /// from the log for the others').
    func handle(_ payload: String) async throws {
        state.withLock { $0.begun += 1 }
        defer { state.withLock { $0.ended += 1 } }
        guard let notice = PostgresEventNotice(payload: payload) else {
            logger.warning("Ignoring an event notice this version can't read", metadata: ["notice": "\(payload)"])
            return
        }
        let (from, own) = state.withLock { state -> (Int64, [(userID: UUID, event: ItemEvent)]?) in
            let own = notice.origin == origin ? state.pending.removeValue(forKey: notice.maxSeq) : nil
            return (state.lastSeen, own)
        }
        guard notice.maxSeq > from else { return }
        if let own {
            feed.publish(own)
        } else {
            let subscribed = feed.subscribedUserIDs
            let users = notice.users.map { $0.filter(subscribed.contains) } ?? Array(subscribed)
            try await publishFromLog(after: from, upTo: notice.maxSeq, users: users)
        }
        state.withLock { state in
            state.lastSeen = max(state.lastSeen, notice.maxSeq)
            // Registered while this notice was read from the log: published already.
            state.pending.removeValue(forKey: notice.maxSeq)
        }
    }

    /// What the watchdog compares with the log's head: the newest seq published, the pieces of
    /// work (notices, catch-ups) begun so far and whether one runs, and whether the relay has
    /// caught up once.
    var sighting: (lastSeen: Int64, begun: Int, busy: Bool, caughtUp: Bool) {
        state.withLock { ($0.lastSeen, $0.begun, $0.begun != $0.ended, $0.caughtUp) }
    }

    /// How many notices' events wait to be published from memory (for tests).
    var pendingNotices: Int { state.withLock { $0.pending.count } }

    private func publishFromLog(after from: Int64, upTo last: Int64, users: [UUID]) async throws {
        guard !users.isEmpty, last > from else { return }
        feed.publish(try await PostgresEventLog.events(after: from, upTo: last, users: users, client, logger: logger))
    }
}
