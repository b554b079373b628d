import Foundation
import GRDB
import Logging

/// Copies the WAL back into the database file on a connection and thread of its own, so that the
/// writer never stalls on a checkpoint (copying pages and fsyncing the database file) while
/// shares wait for their commit.
///
/// The writer nudges it after each batch; at most one passive checkpoint runs at a time, at most
/// every 200 ms. SQLite's own automatic checkpoint stays on with a larger threshold, as a safety
/// net for processes that run no checkpointer.
struct SQLiteCheckpointer: Sendable {
    private let timer: CoalescingTimer

    init(path: String, configuration: Configuration, logger: Logger) throws {
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        timer = CoalescingTimer(label: "dwall.store.checkpoint", interval: .milliseconds(200)) {
            do {
                _ = try connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            } catch {
                logger.warning("WAL checkpoint failed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Asks for a checkpoint soon; returns at once.
    func nudge() { timer.nudge() }
}
