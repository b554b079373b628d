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
/// decided and announcing its events (`PostgresShareInserts`); `COMMIT`. A batch whose only
/// share is a new item on its person's own wall (each share, at low load) is stored by one
/// statement instead of the lookup and the write (`PostgresLoneShare`).
///
/// A share refused for its own reasons (its id used for other content, its item deleted, an
/// unknown wall) is refused before anything of it is written, so it never fails the others. A
/// new item whose link another writer stored since the lookup (an import, which does not take
/// the events lock) is left out of the statement, and its shares are taken again one by one.
/// Should PostgreSQL still refuse a row validation did not foresee, the batch is written again
/// write by write (`saveEachAlone`), so that share fails alone too.
struct PostgresShareWriter: Sendable {
    let transactions: PostgresEventTransactions
    let clock: @Sendable () -> Date
    let followUps: FollowUpPolicy
    let jobSignal: WakeSignal
    /// When to have the tables the share statements read analysed.
    var statistics = PostgresStatisticsRefresh()
    var logger: Logger { transactions.logger }

    /// Writes a batch: when it holds several shares, the plainly new ones first, in one call that
    /// commits by itself (`PostgresNewShares`); the rest in one transaction, its shares first (in
    /// the plan's fixed round trips), then each other change in a savepoint of its own. When
    /// PostgreSQL refuses the rows of a call or transaction of several writes, each of them is
    /// written again on its own (`saveEachAlone`), so that one fails alone. Answers each write,
    /// in order. Calls `beforeCommit` right before the first `COMMIT` (or the call that commits
    /// by itself) is sent.
    func save(
        _ writes: [PostgresWrite], beforeCommit: @escaping @Sendable () -> Void = {}
    ) async throws -> [Result<PostgresWriteResult, any Error>] {
        let (shareIndices, jobs) = PostgresWrite.shares(in: writes)
        let candidates = jobs.count > 1 ? PostgresNewShares.candidates(jobs).map { (write: shareIndices[$0], job: jobs[$0]) } : []
        guard !candidates.isEmpty else { return try await saveInTransactionOrEachAlone(writes, beforeCommit: beforeCommit) }
        // The next batch may gather now: it waits for the events lock in PostgreSQL, not here.
        beforeCommit()
        let stored: [Int: ShareOutcome]
        do {
            stored = try await saveNewAlone(candidates.map(\.job))
        } catch where Self.refusedRows(error) {
            return await saveEachAlone(writes, after: error)
        }
        var results = [Result<PostgresWriteResult, any Error>](repeating: .failure(StoreStopped()), count: writes.count)
        for (place, outcome) in stored { results[candidates[place].write] = .success(.share(outcome)) }
        let storedWrites = Set(stored.keys.map { candidates[$0].write })
        // Whatever the call did not store, the other changes with it: this batch's transaction.
        let rest = writes.indices.filter { !storedWrites.contains($0) }
        guard !rest.isEmpty else { return results }
        do {
            let restResults = try await saveInTransactionOrEachAlone(rest.map { writes[$0] }, beforeCommit: beforeCommit)
            for (index, result) in zip(rest, restResults) { results[index] = result }
        } catch {
            // The call's shares are committed: only the rest's callers hear of the failure.
            for index in rest { results[index] = .failure(error) }
        }
        return results
    }

    /// Writes a batch in one transaction: its shares first (in the plan's fixed round trips),
    /// then each other change in a savepoint of its own. Answers each write, in order. Calls
    /// `beforeCommit` once everything is written, right before `COMMIT` is sent.
    func saveInTransaction(
        _ writes: [PostgresWrite], beforeCommit: @escaping @Sendable () -> Void
    ) async throws -> [Result<PostgresWriteResult, any Error>] {
        let (shareIndices, jobs) = PostgresWrite.shares(in: writes)
        let logger = logger
        // A lone share (every share at low load) tries one statement before the batch path's two:
        // on its own, when it is the batch's only write (the call is its whole transaction; the
        // next batch starts when it returns, as batches of one gathered behind a lock it waits
        // for would split the load into more, smaller batches).
        var lone = jobs.count == 1 && PostgresLoneShare.applies(to: jobs[0])
        if lone, writes.count == 1 {
            if let outcome = try await saveAlone(jobs[0]) { return [.success(.share(outcome))] }
            lone = false
        }
        // The share statements are planned once per connection, by index (`PostgresWritePlans`);
        // the changes after them as the server plans any statement.
        let hasChanges = jobs.count < writes.count
        let (results, shareResults) = try await transactions.run(writePlans: !jobs.isEmpty, beforeCommit: beforeCommit, prefetch: { connection in
            jobs.isEmpty || lone ? nil : try await PostgresShareLookup.run(for: jobs, connection, logger: logger)
        }) { connection, lookup, events in
            var results = [Result<PostgresWriteResult, any Error>](repeating: .failure(StoreStopped()), count: writes.count)
            var shareResults: [Result<ShareOutcome, any Error>] = []
            if lone {
                shareResults = try await saveLone(jobs[0], connection, &events)
            } else if let lookup {
                shareResults = try await saveShares(jobs, lookup: lookup, connection, &events)
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

    /// A batch's only share: in one statement when it is a new item on its person's own wall
    /// (`PostgresLoneShare`), else through the batch path. Runs first in the transaction, so the
    /// statement's notice is the transaction's first.
    private func saveLone(
        _ job: PostgresQueuedShare, _ connection: PostgresConnection, _ events: inout PostgresEventBatch
    ) async throws -> [Result<ShareOutcome, any Error>] {
        assert(events.isEmpty, "a lone share is written before the batch's other changes")
        let lone = PostgresLoneShare(connection: connection, followUps: followUps, origin: transactions.origin, logger: logger)
        if let (item, seq) = try await lone.create(job, now: clock().roundedToMillis) {
            events.append(.created, item: item, userID: job.userID, seq: seq)
            events.markAnnounced(maxSeq: seq)
            return [.success(ShareOutcome(kind: .created, item: item))]
        }
        let lookup = try await PostgresShareLookup.run(for: [job], connection, logger: logger)
        return try await saveShares([job], lookup: lookup, connection, &events)
    }

    /// The batch's shares, in a fixed number of round trips; shares to shared walls (whose events
    /// go to every member, and which may be someone else's) are then taken one by one.
    private func saveShares(
        _ jobs: [PostgresQueuedShare], lookup: PostgresShareLookup, _ connection: PostgresConnection,
        _ events: inout PostgresEventBatch
    ) async throws -> [Result<ShareOutcome, any Error>] {
        let now = clock().roundedToMillis
        let (walls, sharedWalls, seqs) = (lookup.walls, lookup.shared, lookup.seqs)
        var batched: [Int] = []
        var oneByOne: [Int] = []
        for index in jobs.indices {
            let maybeShared = walls[index].map(sharedWalls.contains) ?? (jobs[index].share.wall.flatMap(UUID.init(text:)) != nil)
            if maybeShared { oneByOne.append(index) } else { batched.append(index) }
        }
        var results = [Result<ShareOutcome, any Error>](repeating: .failure(StoreStopped()), count: jobs.count)
        if !batched.isEmpty {
            let batchJobs = batched.map { jobs[$0] }
            let batchWalls = batched.map { walls[$0] }
            let batchResults = try await saveBatch(
                batchJobs, walls: batchWalls, known: lookup.known(for: batchJobs, walls: batchWalls), seqs: seqs, now: now,
                connection, &events
            )
            for (index, result) in zip(batched, batchResults) { results[index] = result }
        }
        for index in oneByOne {
            do {
                results[index] = .success(try await saveOne(jobs[index], now: now, connection, &events))
            } catch let refusal as StoreError {
                results[index] = .failure(refusal)
            }
        }
        if !oneByOne.isEmpty, followUps.enqueuedAny(for: oneByOne.map { results[$0] }) {
            try await PostgresJobQueue.notify(connection, logger: logger)
        }
        return results
    }

    /// Shares to the people's own private walls, planned together (`SharePlan`) and written in
    /// one statement.
    private func saveBatch(
        _ jobs: [PostgresQueuedShare], walls: [UUID?], known: SharePlan.Known, seqs: [Int64], now: Date,
        _ connection: PostgresConnection, _ events: inout PostgresEventBatch
    ) async throws -> [Result<ShareOutcome, any Error>] {
        let entries = zip(jobs, walls).map { SharePlan.Entry(share: $0.share, userID: $0.userID, wallID: $1) }
        let plan = SharePlan(entries, known: known, followUps: followUps, now: now)
        var results = plan.results.map { $0.mapError { $0 as any Error } }
        guard plan.writesAnything else { return results }

        var documents: [UUID: String] = [:]
        for (job, result) in zip(jobs, plan.results) {
            if case .success(let outcome) = result, outcome.kind == .created, plan.lastEvent[outcome.item.id].map({
                plan.events[$0].kind == .created
            }) == true {
                documents[outcome.item.id] = job.document.text
            }
        }
        // The events are announced by the write itself when they are the transaction's first.
        let planned = Array(seqs.prefix(plan.events.count))
        let notice = events.isEmpty ? planned.max().map {
            PostgresEventNotice(origin: transactions.origin, maxSeq: $0, naming: plan.events.map(\.userID))
        } : nil
        let inserts = PostgresShareInserts(connection: connection, logger: logger)
        let refused = try await inserts.write(plan, seqs: seqs, documents: documents, notice: notice, now: now)
        for (event, seq) in zip(plan.events, seqs) where !refused.contains(event.item.id) {
            events.append(event.kind, item: event.item, userID: event.userID, seq: seq)
        }
        if let notice { events.markAnnounced(maxSeq: notice.maxSeq) }
        if !refused.isEmpty {
            for index in plan.shares(about: refused) {
                do {
                    results[index] = .success(try await saveOne(jobs[index], now: now, connection, &events))
                } catch let refusal as StoreError {
                    results[index] = .failure(refusal)
                }
            }
            if followUps.enqueuedAny(for: results) { try await PostgresJobQueue.notify(connection, logger: logger) }
        }
        return results
    }
}
