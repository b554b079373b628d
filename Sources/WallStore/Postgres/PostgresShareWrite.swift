import Foundation
import Logging
import PostgresNIO
import WallCore

/// The one way shares are written to PostgreSQL, inside a transaction that holds the events
/// lock: what the lookup found (`PostgresShareLookup`) is planned in Swift (`SharePlan`: replays,
/// refusals, duplicates of stored links, new items, on the person's own walls and on walls shared
/// with them alike) and written in one statement (`PostgresShareInserts`). The group commit's
/// batches and a multipart share's files both come this way.
///
/// A new item whose link another writer stored since the lookup (an import, which does not take
/// the events lock) is left out of the statement; its shares are looked up and planned again,
/// and then find that item.
struct PostgresShareWrite {
    let connection: PostgresConnection
    let followUps: FollowUpPolicy
    /// The replica whose notices announce the events.
    let origin: UUID
    let logger: Logger

    /// Looking up again after a refused insert finds the link's item; a third refusal in a row
    /// would mean the link index and the lookup disagree.
    static let passes = 3

    /// Writes `jobs` (`files`: the stored file each part of a multipart share becomes, by place)
    /// at `now`, starting from `lookup`, made for them on this connection; answers each, in order.
    /// The events go into `events`; when they are the transaction's first, the statement announces
    /// them itself.
    func write(
        _ jobs: [PostgresQueuedShare], files: [ItemFile?]? = nil, lookup: PostgresShareLookup, now: Date,
        _ events: inout PostgresEventBatch
    ) async throws -> [Result<ShareOutcome, any Error>] {
        var results = [Result<ShareOutcome, any Error>](repeating: .failure(StoreStopped()), count: jobs.count)
        var places = Array(jobs.indices)
        var lookup = lookup
        for _ in 1...Self.passes {
            let passJobs = places.map { jobs[$0] }
            let entries = lookup.entries(for: passJobs, files: files.map { files in places.map { files[$0] } })
            let plan = SharePlan(entries, known: lookup.known, followUps: followUps, now: now)
            for (place, result) in zip(places, plan.results) { results[place] = result.mapError { $0 as any Error } }
            let refused = try await write(plan, jobs: passJobs, seqs: lookup.seqs, now: now, &events)
            guard !refused.isEmpty else { return results }
            places = plan.shares(about: refused).map { places[$0] }
            lookup = try await PostgresShareLookup.run(for: places.map { jobs[$0] }, connection, logger: logger)
        }
        throw CorruptRow(detail: "an item insert was refused \(Self.passes) times, but no item holds its link")
    }

    /// Writes what `plan` decided; returns the ids of the new items whose insert the link index
    /// refused (nothing of them was written).
    private func write(
        _ plan: SharePlan, jobs: [PostgresQueuedShare], seqs: [Int64], now: Date, _ events: inout PostgresEventBatch
    ) async throws -> Set<UUID> {
        guard plan.writesAnything else { return [] }
        guard plan.events.count <= seqs.count else { throw CorruptRow(detail: "fewer event numbers than events") }
        var documents: [UUID: String] = [:]
        for (job, result) in zip(jobs, plan.results) {
            if case .success(let outcome) = result, outcome.kind == .created, plan.lastEvent[outcome.item.id].map({
                plan.events[$0].kind == .created
            }) == true {
                documents[outcome.item.id] = job.document.text
            }
        }
        // The events are announced by the write itself when they are the transaction's first.
        let notice = events.isEmpty ? seqs.prefix(plan.events.count).max().map {
            PostgresEventNotice(origin: origin, maxSeq: $0, naming: plan.events.map(\.userID))
        } : nil
        let inserts = PostgresShareInserts(connection: connection, logger: logger)
        let refused = try await inserts.write(plan, seqs: seqs, documents: documents, notice: notice, now: now)
        for (event, seq) in zip(plan.events, seqs) where !refused.contains(event.item.id) {
            events.append(event.kind, item: event.item, userID: event.userID, seq: seq)
        }
        if let notice { events.markAnnounced(maxSeq: notice.maxSeq) }
        return refused
    }
}
