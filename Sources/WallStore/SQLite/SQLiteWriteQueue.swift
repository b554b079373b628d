import Foundation
import GRDB

/// The SQLite writer's group commit: shares and the job queue's small writes (claims, renewals,
/// completions, failures, enrichment results) wait together and are committed in one
/// transaction per batch, one savepoint each, so they share one fsync instead of taking one
/// each. A write's caller resumes only after its batch has committed; one that throws rolls back
/// its own savepoint only.
final class SQLiteWriteQueue: Sendable {
    private let queue: GroupCommitQueue<SQLiteWrite, SQLiteWriteResult>

    /// Makes the queue; `writer` commits its batches.
    init(writer: SQLiteShareWriter) {
        queue = GroupCommitQueue(label: "dwall.store.writes") { writes in try writer.save(writes) }
    }

    /// Stores a share and waits for its batch to commit.
    func submit(_ share: QueuedShare) async throws -> ShareOutcome {
        guard case .share(let outcome) = try await queue.submit(.share(share)) else {
            preconditionFailure("A share was answered with another write's result")
        }
        return outcome
    }

    /// Runs `body` in the next batch, in a savepoint of its own, and returns its value once the
    /// batch has committed. Events it records are announced after the commit. A `background`
    /// write (the job queue's) waits a few milliseconds for a share's batch to ride in rather
    /// than make a commit of its own that the next share would queue behind.
    func write<Value: Sendable>(
        background: Bool = false, _ body: @escaping @Sendable (Database, inout EventBatch) throws -> Value
    ) async throws -> Value {
        let result = try await queue.submit(.change { db, events in try body(db, &events) }, deferrable: background)
        guard case .change(let value) = result, let value = value as? Value else {
            preconditionFailure("A write was answered with another write's result")
        }
        return value
    }
}

/// One write waiting for the writer's next batch.
enum SQLiteWrite: Sendable {
    /// A share from `saveShare`.
    case share(QueuedShare)
    /// Any other small write (the job queue's, enrichment results).
    case change(@Sendable (Database, inout EventBatch) throws -> any Sendable)
}

/// What a write in a batch made.
enum SQLiteWriteResult: Sendable {
    /// A share's outcome.
    case share(ShareOutcome)
    /// A change's value.
    case change(any Sendable)
}
