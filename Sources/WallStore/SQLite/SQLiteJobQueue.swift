import Foundation
import GRDB
import WallCore

/// The job queue in the SQLite file, for one process: every change is a savepoint in the single
/// writer's next group-commit batch (`SQLiteWriteQueue`), beside the shares, so a claim is
/// atomic without row locks and a job's claim and settle add no fsync of their own; wake-ups are
/// in-process.
struct SQLiteJobQueue: JobQueue {
    let writes: SQLiteWriteQueue
    let pool: DatabasePool
    let clock: @Sendable () -> Date
    let signal: WakeSignal

    private var now: Date { clock().roundedToMillis }

    func enqueue(_ jobs: [NewJob]) async throws -> [Job] {
        for job in jobs { try job.validate() }
        guard !jobs.isEmpty else { return [] }
        let now = self.now
        let stored = try await writes.write { db, _ in try jobs.map { try SQLiteJobSQL.insert($0, now: now, db) } }
        signal.notify()
        return stored
    }

    func claim(
        kinds: Set<JobKind>, owner: String, limit: Int, lease: Duration, retry: JobRetryPolicy
    ) async throws -> [Job] {
        guard !kinds.isEmpty, limit > 0 else { return [] }
        let now = self.now
        let until = JobRules.leaseEnd(now: now, duration: lease)
        let kindList = kinds.map(\.rawValue)
        let marks = databaseQuestionMarks(count: kindList.count)
        let lost = JobRules.lostWorkers(now: now, retry: retry)
        let lostWorkers: StatementArguments = [
            now.millisSince1970, JobRules.lostWorkerError, lost.leaseEndedBy.millisSince1970, lost.deadFromAttempts,
        ]
        return try await writes.write(background: true) { db, _ in
            // A job whose worker vanished on its last attempt is dead, not run again (the other
            // lost ones are due: `dueIDs`).
            try db.execute(
                sql: """
                    UPDATE jobs SET state = 'dead', lease_id = NULL, lease_expires_at = NULL, updated_at = ?, last_error = ?
                    WHERE state = 'running' AND lease_expires_at <= ? AND attempts >= ? AND kind IN (\(marks))
                    """,
                arguments: lostWorkers + StatementArguments(kindList)
            )
            let ids = try SQLiteJobSQL.dueIDs(kinds: kindList, now: now, lost: lost, limit: limit, db)
            return try ids.compactMap { id in
                try db.execute(
                    sql: """
                        UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_owner = ?, lease_id = ?,
                            lease_expires_at = ?, updated_at = ?
                        WHERE id = ?
                        """,
                    arguments: [owner, UUID().dbText, until.millisSince1970, now.millisSince1970, id]
                )
                return try SQLiteJobSQL.fetch(id: id, db)
            }
        }
    }

    func renew(_ lease: JobLease, for duration: Duration) async throws -> Bool {
        let until = JobRules.leaseEnd(now: now, duration: duration)
        return try await change(lease, "lease_expires_at = ?", [until.millisSince1970])
    }

    func complete(_ lease: JobLease) async throws -> Bool {
        try await writes.write(background: true) { db, _ in
            try db.execute(
                sql: "DELETE FROM jobs WHERE id = ? AND lease_id = ? AND state = 'running'",
                arguments: [lease.jobID.dbText, lease.leaseID.dbText]
            )
            return db.changesCount > 0
        }
    }

    func fail(_ lease: JobLease, error: String, permanent: Bool, retry: JobRetryPolicy) async throws -> JobState? {
        let now = self.now
        return try await settle(lease, keeping: JobRules.storedError(error)) { job in
            JobRules.settle(attempts: job.attempts, runAt: job.runAt, permanent: permanent, retry: retry, now: now)
        }?.state
    }

    func release(_ lease: JobLease) async throws -> Bool {
        let released = try await settle(lease, keeping: nil) { job in JobRules.release(attempts: job.attempts) } != nil
        if released { signal.notify() }
        return released
    }

    /// Settles the running job `lease` holds, under the single writer: asks `rule` (one of
    /// `JobRules`) what the job becomes and writes it, lease cleared, with `error` kept when given;
    /// `nil` when the lease no longer holds the job.
    private func settle(
        _ lease: JobLease, keeping error: String?, _ rule: @escaping @Sendable (Job) -> JobSettlement
    ) async throws -> JobSettlement? {
        let now = self.now
        return try await writes.write(background: true) { db, _ -> JobSettlement? in
            guard let job = try SQLiteJobSQL.fetch(id: lease.jobID.dbText, db), job.state == .running,
                  job.lease == lease else { return nil }
            let settled = rule(job)
            try db.execute(
                sql: """
                    UPDATE jobs SET state = ?, run_at = coalesce(?, run_at), attempts = coalesce(?, attempts),
                        last_error = coalesce(?, last_error), lease_id = NULL, lease_expires_at = NULL, updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [
                    settled.state.rawValue, settled.runAt?.millisSince1970, settled.attempts, error,
                    now.millisSince1970, lease.jobID.dbText,
                ]
            )
            return settled
        }
    }

    func job(id: UUID) async throws -> Job? {
        try await pool.read { db in try SQLiteJobSQL.fetch(id: id.dbText, db) }
    }

    func jobs(state: JobState?, limit: Int) async throws -> [Job] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SQLiteJobSQL.columns) FROM jobs WHERE (? IS NULL OR state = ?)
                    ORDER BY created_at, id LIMIT ?
                    """,
                arguments: [state?.rawValue, state?.rawValue, limit]
            ).map(SQLiteJobSQL.job)
        }
    }

    func waitForJobs(timeout: Duration) async { await signal.wait(timeout: timeout) }

    /// Applies `assignments` to a running job if `lease` is still its claim.
    private func change(_ lease: JobLease, _ assignments: String, _ arguments: [(any DatabaseValueConvertible)?]) async throws -> Bool {
        let now = self.now
        let values = StatementArguments(arguments) + [now.millisSince1970, lease.jobID.dbText, lease.leaseID.dbText]
        return try await writes.write(background: true) { db, _ in
            try db.execute(
                sql: "UPDATE jobs SET \(assignments), updated_at = ? WHERE id = ? AND lease_id = ? AND state = 'running'",
                arguments: values
            )
            return db.changesCount > 0
        }
    }
}

/// The jobs table's SQL, shared by the queue and the share writer (follow-up jobs).
enum SQLiteJobSQL {
    static let columns = """
        id, kind, item_id, user_id, payload, priority, state, attempts, run_at, lease_owner, lease_expires_at,
        lease_id, last_error, created_at
        """

    /// Inserts a job; throws `.notFound("item")` when its item is not its user's.
    static func insert(_ job: NewJob, now: Date, _ db: Database) throws -> Job {
        if let itemID = job.itemID, let userID = job.userID {
            let owned = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM items WHERE id = ? AND user_id = ?", arguments: [itemID.dbText, userID.dbText]
            ) ?? false
            guard owned else { throw StoreError.notFound("item") }
        } else if let userID = job.userID {
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [userID.dbText]) ?? false else {
                throw StoreError.notFound("user")
            }
        }
        let stored = JobRules.queued(job, id: UUID.timeOrdered(at: now), now: now)
        try insert(stored, db)
        return stored
    }

    /// Inserts the follow-up jobs of an item just made by a share.
    static func insertFollowUps(
        _ kinds: [JobKind], priority: JobPriority, item: Item, userID: UUID, now: Date, _ db: Database,
        payload: (JobKind) -> String? = { _ in nil }
    ) throws {
        for kind in kinds {
            let job = NewJob(kind: kind, itemID: item.id, userID: userID, payload: payload(kind), priority: priority)
            try insert(JobRules.queued(job, id: UUID.timeOrdered(at: now), now: now), db)
        }
    }

    static func insert(_ job: Job, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                              updated_at)
            VALUES (?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            job.id.dbText, job.kind.rawValue, job.itemID?.dbText, job.userID?.dbText, job.payload,
            job.priority.rawValue, job.runAt.millisSince1970, job.createdAt.millisSince1970,
            job.createdAt.millisSince1970,
        ])
    }

    /// The ids of up to `limit` jobs of `kinds` that are due at `now` (queued and past their run
    /// time, or running and `lost`: the claim made the lost ones that die dead first), highest
    /// priority first, then earliest due, then oldest.
    ///
    /// Each query walks `jobs_due` in order and stops at `limit`, so a claim costs the same with
    /// ten queued jobs or a hundred thousand: queued jobs are read one priority at a time (an
    /// index range per priority, and the next lower priority found through the index), running
    /// ones are few (one per busy worker). One query with `OR` over both states made SQLite read
    /// and sort every queued job on each claim, inside the write transaction.
    static func dueIDs(kinds: [String], now: Date, lost: LostWorkers, limit: Int, _ db: Database) throws -> [String] {
        let marks = databaseQuestionMarks(count: kinds.count)
        let nowMillis = now.millisSince1970
        var candidates = try Row.fetchAll(
            db,
            sql: """
                SELECT priority, run_at, id FROM jobs
                WHERE state = 'running' AND lease_expires_at <= ? AND kind IN (\(marks))
                ORDER BY priority DESC, run_at, id LIMIT ?
                """,
            arguments: [lost.leaseEndedBy.millisSince1970] + StatementArguments(kinds) + [limit]
        ).map(DueJob.init)
        var queued = 0
        var priority = try Int.fetchOne(db, sql: "SELECT max(priority) FROM jobs WHERE state = 'queued'")
        while let current = priority, queued < limit {
            let due = try Row.fetchAll(
                db,
                sql: """
                    SELECT priority, run_at, id FROM jobs
                    WHERE state = 'queued' AND priority = ? AND run_at <= ? AND kind IN (\(marks))
                    ORDER BY run_at, id LIMIT ?
                    """,
                arguments: [current, nowMillis] + StatementArguments(kinds) + [limit - queued]
            ).map(DueJob.init)
            candidates += due
            queued += due.count
            priority = try Int.fetchOne(
                db, sql: "SELECT max(priority) FROM jobs WHERE state = 'queued' AND priority < ?", arguments: [current]
            )
        }
        return candidates.sorted().prefix(limit).map(\.id)
    }

    /// A due job's id and its place in the claim order (`ClaimRank`).
    private struct DueJob: Comparable {
        var rank: ClaimRank

        var id: String { rank.id }

        init(_ row: Row) {
            rank = ClaimRank(priority: JobPriority(rawValue: row["priority"]), runAtMillis: row["run_at"], id: row["id"])
        }

        static func < (lhs: DueJob, rhs: DueJob) -> Bool { lhs.rank < rhs.rank }
    }

    static func fetch(id: String, _ db: Database) throws -> Job? {
        try Row.fetchOne(db, sql: "SELECT \(columns) FROM jobs WHERE id = ?", arguments: [id]).map(job)
    }

    static func job(_ row: Row) throws -> Job {
        let id = try SQLiteRows.uuid(row["id"])
        let stateText: String = row["state"]
        guard let state = JobState(rawValue: stateText) else { throw CorruptRow(detail: "unknown job state \(stateText)") }
        let leaseID = try (row["lease_id"] as String?).map(SQLiteRows.uuid)
        return Job(
            id: id, kind: JobKind(rawValue: row["kind"]), itemID: try (row["item_id"] as String?).map(SQLiteRows.uuid),
            userID: try (row["user_id"] as String?).map(SQLiteRows.uuid), payload: row["payload"],
            priority: JobPriority(rawValue: row["priority"]), state: state, attempts: row["attempts"],
            runAt: SQLiteRows.date(row["run_at"]), leaseOwner: row["lease_owner"],
            leaseExpiresAt: (row["lease_expires_at"] as Int64?).map(SQLiteRows.date),
            lease: leaseID.map { JobLease(jobID: id, leaseID: $0) }, lastError: row["last_error"],
            createdAt: SQLiteRows.date(row["created_at"])
        )
    }
}
