import Foundation
import Logging
import PostgresNIO
import WallCore

/// Brings committed events from every replica, this one included, to this replica's feed, in
/// commit order, by listening on `dwall_events`.
///
/// Every transaction holding events sends one notice as it commits; PostgreSQL delivers notices
/// in commit order, which (under the events lock) is seq order. A notice of this replica's own
/// transaction is answered from the events it registered before committing (items as they were
/// then, as SQLite's feed sends them); another replica's events are read from the log, for the
/// users with a stream open here only. After a lost connection the relay listens again, then
/// reads everything after the last seq it saw, so nothing is skipped.
final class PostgresEventRelay: Sendable {
    private struct State {
        var lastSeen: Int64 = 0
        var pending: [Int64: [(userID: UUID, event: ItemEvent)]] = [:]
    }

    private let client: PostgresClient
    private let feed: EventFeed
    private let origin: UUID
    private let logger: Logger
    private let state = Locked(State())

    init(client: PostgresClient, feed: EventFeed, origin: UUID, logger: Logger) {
        self.client = client
        self.feed = feed
        self.origin = origin
        self.logger = logger
    }

    // MARK: This replica's transactions

    /// Registers a transaction's events before it commits, to publish when its notices arrive
    /// (one per segment: a notice sent inside a statement, and the one sent at the end).
    func expect(_ batch: PostgresEventBatch) {
        let segments = batch.segments.filter { !$0.entries.isEmpty }
        guard !segments.isEmpty else { return }
        state.withLock { state in
            for segment in segments { state.pending[segment.notice] = segment.entries }
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

    // MARK: Listening

    /// Listens until cancelled; calls `onListening` once the first LISTEN is in place. Throws
    /// when the first LISTEN fails; later failures are logged and retried.
    func run(onListening: @Sendable () -> Void) async throws {
        var listening = false
        var backoff = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listeningUntilCancelled(on: PostgresEventNotice.channel) { notices in
                        // LISTEN counts from the commit of its own (implicit) transaction, which may
                        // trail its reply: a query after it on the same connection waits that out.
                        try await connection.query("SELECT pg_listening_channels()", logger: logger)
                        try await catchUp(first: !listening)
                        if !listening {
                            listening = true
                            onListening()
                        }
                        backoff = .milliseconds(100)
                        for try await notice in notices { try await handle(notice.payload) }
                    }
                }
                if Task.isCancelled { return }
                logger.warning("Event notifications stopped; listening again")
            } catch {
                if !listening { throw error }
                if Task.isCancelled { return }
                logger.warning("Lost the event notifications; listening again", metadata: ["error": "\(error)"])
                do { try await Task.sleep(for: backoff) } catch { return }
                backoff = min(backoff * 2, .seconds(5))
            }
        }
    }

    /// After (re)starting to listen: the first time, starts after the newest event; later,
    /// publishes what was missed while not listening.
    private func catchUp(first: Bool) async throws {
        let newest = try await PostgresEventLog.lastSeq(client, logger: logger)
        if !first {
            let from = state.withLock { $0.lastSeen }
            try await publishFromLog(after: from, upTo: newest, users: Array(feed.subscribedUserIDs))
        }
        state.withLock { state in
            state.lastSeen = max(state.lastSeen, newest)
            state.pending = state.pending.filter { $0.key > state.lastSeen }
        }
    }

    private func handle(_ payload: String) async throws {
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
        state.withLock { $0.lastSeen = max($0.lastSeen, notice.maxSeq) }
    }

    private func publishFromLog(after from: Int64, upTo last: Int64, users: [UUID]) async throws {
        guard !users.isEmpty, last > from else { return }
        feed.publish(try await PostgresEventLog.events(after: from, upTo: last, users: users, client, logger: logger))
    }
}
