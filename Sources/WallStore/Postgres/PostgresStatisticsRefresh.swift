import Logging
import PostgresNIO
import WallCore

/// Has PostgreSQL analyse the tables the share statements read as this replica's new items
/// double (after `Limits.postgresFirstStatisticsRefresh`, then twice as many, and so on).
///
/// The share statements' plans are made once per connection and kept until a table they read is
/// analysed. On a fresh installation they are made on empty tables, whose statistics can't tell
/// a probe of the unique link index from a walk of the wall's whole index (`items_by_wall`, with
/// the link as a filter): both look like one row. A plan that took the walk read every item of
/// the wall for each link, on every batch (seen at two replicas and 64 connections: a lookup of
/// 40–160 ms instead of 0.2, saves/s down to a fifth). PostgreSQL's autovacuum would analyse the
/// tables too, but only at its next round (a minute by default); analysing them here, a handful
/// of times in a replica's life, makes every connection plan again with what the tables hold.
/// The writer counts; the first share answered once a batch has crossed a threshold runs the
/// analysis after its own batch has ended (`PostgresWriteQueue`), so no batch waits for it.
final class PostgresStatisticsRefresh: Sendable {
    private let state: Locked<(written: Int, next: Int, due: Bool)>

    /// Makes a refresh that first falls due after `first` new items.
    init(first: Int = Limits.postgresFirstStatisticsRefresh) {
        state = Locked((0, max(1, first), false))
    }

    /// Counts `created` new items; crossing the next threshold (which then doubles) makes the
    /// refresh due.
    func record(created: Int) {
        guard created > 0 else { return }
        state.withLock { state in
            state.written += created
            guard state.written >= state.next else { return }
            while state.next <= state.written { state.next *= 2 }
            state.due = true
        }
    }

    /// Whether the refresh is due; true once per crossing, to the one caller that runs it.
    func takeDue() -> Bool {
        state.withLock { state in
            defer { state.due = false }
            return state.due
        }
    }

    /// Analyses the tables (a sample of each; writers are not blocked). A failure is logged and
    /// otherwise ignored: the plans stay as they were until autovacuum analyses the tables.
    static func analyse(_ client: PostgresClient, logger: Logger) async {
        do {
            try await client.query("ANALYZE items, share_receipts, walls, wall_members", logger: logger)
        } catch {
            logger.warning("Could not analyse the share tables", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}
