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
    /// the plan's fixed round trips), then each other change in a savepoint of its own. Answers
    /// each write, in order. Calls `beforeCommit` right before the first `COMMIT` (or the call
    /// that commits by itself) is sent.
    func save(
        _ writes: [PostgresWrite], beforeCommit: @escaping @Sendable () -> Void = {}
    ) async throws -> [Result<PostgresWriteResult, any Error>] {
        let (shareIndices, jobs) = PostgresWrite.shares(in: writes)
        let candidates = jobs.count > 1 ? PostgresNewShares.candidates(jobs).map { (write: shareIndices[$0], job: jobs[$0]) } : []
        guard !candidates.isEmpty else { return try await saveInTransaction(writes, beforeCommit: beforeCommit) }
        // The next batch may gather now: it waits for the events lock in PostgreSQL, not here.
        beforeCommit()
        let stored = try await saveNewAlone(candidates.map(\.job))
        var results = [Result<PostgresWriteResult, any Error>](repeating: .failure(StoreStopped()), count: writes.count)
        for (place, outcome) in stored { results[candidates[place].write] = .success(.share(outcome)) }
        let storedWrites = Set(stored.keys.map { candidates[$0].write })
        // Whatever the call did not store, the other changes with it: this batch's transaction.
        let rest = writes.indices.filter { !storedWrites.contains($0) }
        guard !rest.isEmpty else { return results }
        do {
            let restResults = try await saveInTransaction(rest.map { writes[$0] }, beforeCommit: beforeCommit)
            for (index, result) in zip(rest, restResults) { results[index] = result }
        } catch {
            // The call's shares are committed: only the rest's callers hear of the failure.
            for index in rest { results[index] = .failure(error) }
        }
        return results
    }

    /// Stores the plainly new of `jobs` in one call of `PostgresNewShares` sent on its own (the
    /// call is the whole transaction); returns their outcomes by place in `jobs`.
    private func saveNewAlone(_ jobs: [PostgresQueuedShare]) async throws -> [Int: ShareOutcome] {
        let now = clock().roundedToMillis
        let stored = try await transactions.runCommittingItself { connection -> ([Int: (item: Item, seq: Int64)], PostgresEventBatch) in
            let new = PostgresNewShares(connection: connection, followUps: followUps, origin: transactions.origin, logger: logger)
            let stored = try await new.create(jobs, now: now)
            var events = PostgresEventBatch()
            for place in stored.keys.sorted() {
                let (item, seq) = stored[place]!
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

    /// Writes a batch in one transaction: its shares first (in the plan's fixed round trips),
    /// then each other change in a savepoint of its own. Answers each write, in order. Calls
    /// `beforeCommit` once everything is written, right before `COMMIT` is sent.
    private func saveInTransaction(
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

    /// A batch's only write, a share, stored by `PostgresLoneShare`'s statement sent on its own: it
    /// takes the events lock, writes and commits in one wait. Returns nil when it wrote nothing
    /// (the share is not plainly new), for the batch path to take it in a transaction.
    private func saveAlone(_ job: PostgresQueuedShare) async throws -> ShareOutcome? {
        let now = clock().roundedToMillis
        let stored = try await transactions.runCommittingItself { connection -> (Item?, PostgresEventBatch) in
            let lone = PostgresLoneShare(connection: connection, followUps: followUps, origin: transactions.origin, logger: logger)
            guard let (item, seq) = try await lone.create(job, now: now) else { return (nil, PostgresEventBatch()) }
            var events = PostgresEventBatch()
            events.append(.created, item: item, userID: job.userID, seq: seq)
            events.markAnnounced(maxSeq: seq)
            return (item, events)
        }
        guard let stored else { return nil }
        let outcome = ShareOutcome(kind: .created, item: stored)
        if followUps.enqueuedAny(for: [.success(outcome)]) { jobSignal.notify() }
        statistics.record(created: 1)
        return outcome
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

    /// One share, in its own round trips: a replay of a known id, a known link moved to the top,
    /// or a new item. For shares to shared walls, and shares whose new item the batch's
    /// statement could not insert.
    private func saveOne(
        _ job: PostgresQueuedShare, now: Date, _ connection: PostgresConnection, _ events: inout PostgresEventBatch
    ) async throws -> ShareOutcome {
        let share = job.share
        let access = try await PostgresWallAccessSQL.access(share.wall, actor: job.userID, connection, logger: logger)
        let found = try await lookup(share, userID: job.userID, wallID: access?.wallID, connection)
        if let receipt = found.receipt { return try ShareRules.replay(of: share, receipt: receipt) }
        guard let access else { throw StoreError.notFound("wall") }
        try access.requirePost()
        if let existing = found.existing {
            return try await moveToTop(existing, job, access: access, now: now, connection, &events)
        }

        var item = ShareRules.newItem(share, wallID: access.wallID, now: now, followUps: followUps)
        if let addedBy = access.addedBy {
            item.addedBy = try await PostgresWallAccessSQL.username(id: addedBy, connection, logger: logger)
        }
        if let seq = try await insert(item, job, access: access, now: now, connection) {
            events.append(.created, item: item, userID: access.ownerID, seq: seq)
            try await events.recordForMembers(.created, item: item, owner: access.ownerID, at: now, connection, logger: logger)
            return ShareOutcome(kind: .created, item: item)
        }
        // The unique index turned the insert away: someone stored the link since the lookup.
        guard let link = share.canonicalURL,
              let existing = try await PostgresItemSQL.fetch(
                  wallID: access.wallID, canonicalURL: link, connection, logger: logger
              )
        else { throw CorruptRow(detail: "an item insert was refused, but no item holds its link") }
        return try await moveToTop(existing, job, access: access, now: now, connection, &events)
    }

    /// The share id's receipt (with its item, if it still exists and the person may see it:
    /// `VisibleItems.item(_:seenBy:)`) and the item already holding the link on the wall, in one
    /// round trip.
    private func lookup(
        _ share: ValidShare, userID: UUID, wallID: UUID?, _ connection: PostgresConnection
    ) async throws -> (receipt: KnownReceipt?, existing: Item?) {
        let rows = try await connection.query("""
            SELECT 0 AS found, r.fingerprint, r.duplicate, \(unescaped: PostgresRows.itemColumns("i")),
                   i.user_id AS owner_id,
                   EXISTS (SELECT 1 FROM wall_members m WHERE m.wall_id = i.wall_id AND m.user_id = r.user_id) AS reader_is_member
            FROM share_receipts r LEFT JOIN items i ON i.id = r.item_id
            WHERE r.user_id = \(userID) AND r.share_id = \(share.shareID)
            UNION ALL
            SELECT 1, NULL, NULL, \(unescaped: PostgresRows.itemColumns("d")), NULL, NULL FROM items d
            WHERE d.wall_id = \(wallID) AND md5(d.canonical_url) = md5(\(share.canonicalURL))
              AND d.canonical_url = \(share.canonicalURL)
            """, logger: logger)
        var receipt: KnownReceipt?
        var existing: Item?
        for try await row in rows {
            let cells = row.makeRandomAccess()
            if try cells["found"].decode(Int32.self) == 0 {
                receipt = KnownReceipt(
                    fingerprint: try cells["fingerprint"].decode(String.self),
                    duplicate: try cells["duplicate"].decode(Bool.self),
                    item: try PostgresRows.hasItem(cells) ? VisibleItems.item(try PostgresRows.storedItem(cells), seenBy: userID) : nil
                )
            } else {
                existing = try PostgresRows.item(cells).item
            }
        }
        return (receipt, existing)
    }

    /// Inserts a new item with its event and receipt; returns its seq, or nil when the link is
    /// on the wall already (`ON CONFLICT DO NOTHING` on the unique index: nothing is written).
    private func insert(
        _ item: Item, _ job: PostgresQueuedShare, access: WallAccess, now: Date, _ connection: PostgresConnection
    ) async throws -> Int64? {
        let share = job.share
        // The follow-up jobs, written with the item (none when the policy names none).
        let jobKinds = followUps.jobs(for: share)
        let kinds = jobKinds.map(\.rawValue)
        let jobIDs = kinds.map { _ in UUID.timeOrdered(at: now) }
        // An array of text can't hold NULL here: "" stands for no payload.
        let payloads = jobKinds.map { followUps.payload(for: $0, of: share) ?? "" }
        let priority = followUps.priority(for: share.source).rawValue
        let rows = try await connection.query("""
            WITH i AS (
                INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                   state, shared_at, created_at, updated_at, sort_key, search, added_by)
                VALUES (\(item.id), \(access.ownerID), \(item.wallId), \(item.kind.rawValue), \(item.url),
                        \(share.canonicalURL), \(item.title), \(item.text), \(item.userNote), \(item.tags),
                        \(item.source.rawValue), \(item.state.rawValue), \(item.sharedAt), \(now), \(now),
                        nextval('events_seq'), to_tsvector('dwall_search', \(job.document.text)), \(access.addedBy))
                ON CONFLICT (wall_id, md5(canonical_url)) WHERE canonical_url IS NOT NULL DO NOTHING
                RETURNING id, sort_key
            ), e AS (
                INSERT INTO events (seq, user_id, kind, item_id, created_at)
                SELECT sort_key, \(access.ownerID), \(ItemEvent.Kind.created.rawValue), id, \(now) FROM i
            ), r AS (
                INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                SELECT \(job.userID), \(share.shareID), id, \(share.fingerprint), false, \(now) FROM i
            ), j AS (
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                SELECT f.id, f.kind, i.id, \(access.ownerID), NULLIF(f.payload, ''), \(priority), 'queued', 0, \(now), \(now),
                       \(now)
                FROM i, unnest(\(jobIDs)::uuid[], \(kinds)::text[], \(payloads)::text[]) AS f (id, kind, payload)
            )
            SELECT sort_key FROM i
            """, logger: logger)
        return try await rows.first()?.decode(Int64.self)
    }

    /// The link is on the wall: merge the share into that item, move it to the top, remember the id.
    private func moveToTop(
        _ existing: Item, _ job: PostgresQueuedShare, access: WallAccess, now: Date, _ connection: PostgresConnection,
        _ events: inout PostgresEventBatch
    ) async throws -> ShareOutcome {
        let owner = access.ownerID
        var member: String?
        if let addedBy = access.addedBy {
            member = try await PostgresWallAccessSQL.username(id: addedBy, connection, logger: logger)
        }
        let item = ShareRules.merged(existing, with: job.share, now: now, by: member)
        let seq = try await events.record(.updated, item: item, userID: owner, at: now, connection, logger: logger)
        try await PostgresItemSQL.update(item, sortKey: seq, connection, logger: logger)
        try await connection.query("""
            INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
            VALUES (\(job.userID), \(job.share.shareID), \(item.id), \(job.share.fingerprint), true, \(now))
            """, logger: logger)
        if ShareRules.rereadsSnapshot(job.share, into: existing) {
            let priority = followUps.priority(for: job.share.source).rawValue
            try await connection.query("""
                INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                                  updated_at)
                VALUES (\(UUID.timeOrdered(at: now)), \(JobKind.enrich.rawValue), \(item.id), \(owner),
                        \(job.share.enrichPayload), \(priority), 'queued', 0, \(now), \(now), \(now))
                """, logger: logger)
        }
        return ShareOutcome(kind: .duplicate, item: item)
    }
}

/// Walls resolved within one batch (most of a batch's shares go to the same few walls).
struct WallCache {
    private var known: [String: UUID] = [:]

    mutating func resolve(
        _ ref: String?, userID: UUID, _ db: some PostgresQueryRunner, logger: Logger
    ) async throws -> UUID? {
        let key = userID.lowercasedText + (ref.map { "=" + $0 } ?? "")
        if let id = known[key] { return id }
        let id = try await PostgresWallSQL.resolve(ref, userID: userID, db, logger: logger)
        if let id { known[key] = id }
        return id
    }
}
