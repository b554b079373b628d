import Foundation
import Logging
import PostgresNIO
import WallCore

/// One share waiting in the PostgreSQL store's group-commit queue, with its search document
/// made beforehand (on the caller's task, not in the batch).
struct PostgresQueuedShare: Sendable {
    var share: ValidShare
    var userID: UUID
    var document: SearchDocument
}

/// Stores batches of shares (and other changes that record events, after them, each in a
/// savepoint) for the group-commit queue (`PostgresWriteQueue`): one transaction per batch,
/// holding the events lock, in a fixed number of waits whatever the batch's size: `BEGIN`, the
/// lock and one prepared lookup of the walls, event numbers, receipts and links
/// (`PostgresShareLookup`) sent together; one prepared statement writing what `SharePlan`
/// decided and announcing its events (`PostgresShareWrite`); `COMMIT`.
///
/// A share refused for its own reasons (its id used for other content, its item deleted, an
/// unknown wall, a wall the person may only see) is refused before anything of it is written, so
/// it never fails the others. Should PostgreSQL still refuse a row validation did not foresee,
/// the batch is written again write by write (`save`, in `+EachAlone`), so that share fails alone.
struct PostgresShareWriter: Sendable {
    let transactions: PostgresEventTransactions
    let clock: @Sendable () -> Date
    let followUps: FollowUpPolicy
    let jobSignal: WakeSignal
    /// When to have the tables the share statements read analysed.
    var statistics = PostgresStatisticsRefresh()
    var logger: Logger { transactions.logger }

    /// Writes a batch in one transaction: its shares first (in the plan's fixed round trips),
    /// then each other change in a savepoint of its own. Answers each write, in order. Calls
    /// `beforeCommit` once everything is written, right before `COMMIT` is sent.
    func saveInTransaction(
        _ writes: [PostgresWrite], beforeCommit: @escaping @Sendable () -> Void
    ) async throws -> [Result<PostgresWriteResult, any Error>] {
        let (shareIndices, jobs) = PostgresWrite.shares(in: writes)
        let logger = logger
        // The share statements are planned once per connection, by index (`PostgresWritePlans`);
        // the changes after them as the server plans any statement.
        let hasChanges = jobs.count < writes.count
        let (results, shareResults) = try await transactions.run(writePlans: !jobs.isEmpty, beforeCommit: beforeCommit, prefetch: { connection in
            jobs.isEmpty ? nil : try await PostgresShareLookup.run(for: jobs, connection, logger: logger)
        }) { connection, lookup, events in
            var results = [Result<PostgresWriteResult, any Error>](repeating: .failure(StoreStopped()), count: writes.count)
            var shareResults: [Result<ShareOutcome, any Error>] = []
            if let lookup {
                let write = PostgresShareWrite(connection: connection, followUps: followUps, origin: transactions.origin, logger: logger)
                shareResults = try await write.write(jobs, lookup: lookup, now: clock().roundedToMillis, &events)
            }
            for (index, result) in zip(shareIndices, shareResults) { results[index] = result.map { .share($0) } }
            if !jobs.isEmpty, hasChanges { try await PostgresWritePlans.reset(connection, logger: logger) }
            for (index, write) in writes.enumerated() {
                if case .change(let body) = write { results[index] = try await change(body, connection, &events) }
            }
            return (results, shareResults)
        }
        if followUps.enqueuedAny(for: shareResults) { jobSignal.notify() }
        statistics.record(created: shareResults.count { (try? $0.get())?.kind == .created })
        return results
    }

    /// Runs one change in a savepoint: its events join the batch's if it succeeds; if it throws,
    /// what it wrote is rolled back and only its own caller hears of it.
    private func change(
        _ body: @Sendable (PostgresConnection, inout PostgresEventBatch) async throws -> any Sendable,
        _ connection: PostgresConnection, _ events: inout PostgresEventBatch
    ) async throws -> Result<PostgresWriteResult, any Error> {
        try await connection.query("SAVEPOINT change", logger: logger)
        var changeEvents = PostgresEventBatch()
        do {
            let value = try await body(connection, &changeEvents)
            try await connection.query("RELEASE SAVEPOINT change", logger: logger)
            events.entries += changeEvents.entries
            return .success(.change(value))
        } catch {
            try await connection.query("ROLLBACK TO SAVEPOINT change", logger: logger)
            return .failure(error)
        }
    }
}
