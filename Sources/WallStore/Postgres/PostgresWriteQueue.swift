import Foundation
import PostgresNIO
import WallCore

/// The PostgreSQL store's group commit: shares and other small writes that record events (a link
/// preview's result) wait together and are committed in one transaction per batch, holding the
/// events lock once and sharing one commit, instead of each taking the lock and a commit of its
/// own while shares queue behind them. A write's caller resumes only after its batch has
/// committed; a change that throws rolls back its own savepoint only. Once a batch sends its
/// `COMMIT` the next one is gathered and started on another connection, where it waits for the
/// events lock (`batchesInFlight`), so PostgreSQL runs it as soon as the one before has
/// committed, while this replica answers that one's callers.
final class PostgresWriteQueue: Sendable {
    private let queue: AsyncGroupCommitQueue<PostgresWrite, PostgresWriteResult>
    private let writer: PostgresShareWriter

    /// Makes the queue; `writer` commits its batches, at most `Limits.postgresWriteBatchesInFlight`
    /// at once, so that the next batch waits, ready, for the events lock while the one before commits.
    init(writer: PostgresShareWriter) {
        self.writer = writer
        queue = AsyncGroupCommitQueue(depth: Limits.postgresWriteBatchesInFlight) { writes, handOff in
            try await writer.save(writes, beforeCommit: handOff)
        }
    }

    /// Where the queue stands now (for tests).
    var status: AsyncGroupCommitQueue<PostgresWrite, PostgresWriteResult>.Status { queue.status }

    /// Stores a share and waits for its batch to commit. The first share answered once a batch
    /// has made the statistics refresh due then runs it, after its own batch has ended, so no
    /// batch waits for it.
    func submit(_ share: PostgresQueuedShare) async throws -> ShareOutcome {
        guard case .share(let outcome) = try await queue.submit(.share(share)) else {
            preconditionFailure("A share was answered with another write's result")
        }
        if writer.statistics.takeDue() {
            await PostgresStatisticsRefresh.analyse(writer.transactions.client, logger: writer.logger)
        }
        return outcome
    }

    /// Runs `body` in the next batch, after its shares, in a savepoint of its own, and returns its
    /// value once the batch has committed. Events it records are announced after the commit.
    func write<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, inout PostgresEventBatch) async throws -> Value
    ) async throws -> Value {
        let result = try await queue.submit(.change { connection, events in try await body(connection, &events) })
        guard case .change(let value) = result, let value = value as? Value else {
            preconditionFailure("A write was answered with another write's result")
        }
        return value
    }
}

/// One write waiting for the writer's next batch.
enum PostgresWrite: Sendable {
    /// A share from `saveShare`.
    case share(PostgresQueuedShare)
    /// Another small write that records events (an enrichment result).
    case change(@Sendable (PostgresConnection, inout PostgresEventBatch) async throws -> any Sendable)

    /// The shares among `writes`, with their places in it.
    static func shares(in writes: [PostgresWrite]) -> (places: [Int], jobs: [PostgresQueuedShare]) {
        var places: [Int] = []
        var jobs: [PostgresQueuedShare] = []
        for (index, write) in writes.enumerated() {
            if case .share(let job) = write {
                places.append(index)
                jobs.append(job)
            }
        }
        return (places, jobs)
    }
}

/// What a write in a batch made.
enum PostgresWriteResult: Sendable {
    /// A share's outcome.
    case share(ShareOutcome)
    /// A change's value.
    case change(any Sendable)
}
