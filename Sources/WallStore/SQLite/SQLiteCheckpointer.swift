import Foundation
import GRDB
import Logging
import WallCore

/// Copies the WAL back into the database file on a connection and thread of its own, so that the
/// writer never stalls on a checkpoint (copying pages and fsyncing the database file) while
/// shares wait for their commit.
///
/// The writer nudges it after each batch; nudges coalesce, and at most one passive checkpoint
/// runs at a time, at most every `interval`. SQLite's own automatic checkpoint stays on with a
/// larger threshold, as a safety net for processes that run no checkpointer.
final class SQLiteCheckpointer: Sendable {
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "dwall.store.checkpoint")
    private let state = Locked((scheduled: false, last: ContinuousClock.Instant.now))
    private let interval: Duration
    private let logger: Logger

    init(path: String, configuration: Configuration, interval: Duration = .milliseconds(200), logger: Logger) throws {
        self.connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = interval
        self.logger = logger
    }

    /// Asks for a checkpoint soon; returns at once.
    func nudge() {
        let delay = state.withLock { state -> Duration? in
            guard !state.scheduled else { return nil }
            state.scheduled = true
            let due = state.last + interval
            return max(.zero, due - .now)
        }
        guard let delay else { return }
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.run() }
    }

    private func run() {
        state.withLock { state in
            state.scheduled = false
            state.last = .now
        }
        do {
            _ = try connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        } catch {
            logger.warning("WAL checkpoint failed", metadata: ["error": "\(error)"])
        }
    }
}
