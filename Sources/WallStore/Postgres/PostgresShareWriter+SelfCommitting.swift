import Foundation
import Logging
import PostgresNIO
import WallCore

/// The share writer's calls that commit by themselves: a statement sent on its own takes the
/// events lock, writes and commits in one wait, so the lock is held only while PostgreSQL works.
extension PostgresShareWriter {
    /// Stores the plainly new of `jobs` in one call of `PostgresNewShares` sent on its own (the
    /// call is the whole transaction); returns their outcomes by place in `jobs`.
    func saveNewAlone(_ jobs: [PostgresQueuedShare]) async throws -> [Int: ShareOutcome] {
        let now = clock().roundedToMillis
        return try await saveCommittingItself(jobs) { connection in
            let new = PostgresNewShares(connection: connection, followUps: followUps, origin: transactions.origin, logger: logger)
            return try await new.create(jobs, now: now)
        }
    }

    /// A batch's only write, a share, stored by `PostgresLoneShare`'s statement sent on its own: it
    /// takes the events lock, writes and commits in one wait. Returns nil when it wrote nothing
    /// (the share is not plainly new), for the batch path to take it in a transaction.
    func saveAlone(_ job: PostgresQueuedShare) async throws -> ShareOutcome? {
        let now = clock().roundedToMillis
        let outcomes = try await saveCommittingItself([job]) { connection in
            let lone = PostgresLoneShare(connection: connection, followUps: followUps, origin: transactions.origin, logger: logger)
            return try await lone.create(job, now: now).map { [0: $0] } ?? [:]
        }
        return outcomes[0]
    }

    /// Runs `create`, a statement that commits by itself and answers the items it stored by place
    /// in `jobs` with their events' seqs; announces those events in order once it has answered,
    /// wakes the job runner for their follow-ups and counts them. Returns their outcomes by place.
    private func saveCommittingItself(
        _ jobs: [PostgresQueuedShare],
        _ create: (PostgresConnection) async throws -> [Int: (item: Item, seq: Int64)]
    ) async throws -> [Int: ShareOutcome] {
        let stored = try await transactions.runCommittingItself { connection -> ([Int: (item: Item, seq: Int64)], PostgresEventBatch) in
            let stored = try await create(connection)
            var events = PostgresEventBatch()
            for (place, (item, seq)) in stored.sorted(by: { $0.key < $1.key }) {
                events.append(.created, item: item, userID: jobs[place].userID, seq: seq)
            }
            if let maxSeq = stored.values.map(\.seq).max() { events.markAnnounced(maxSeq: maxSeq) }
            return (stored, events)
        }
        let outcomes = stored.mapValues { ShareOutcome(kind: .created, item: $0.item) }
        if followUps.enqueuedAny(for: outcomes.values.map { .success($0) }) { jobSignal.notify() }
        statistics.record(created: outcomes.count)
        return outcomes
    }
}
