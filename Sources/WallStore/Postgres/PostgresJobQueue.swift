import Foundation
import Logging
import PostgresNIO
import WallCore

/// The job queue in PostgreSQL, shared by every replica: a claim takes due rows with
/// `FOR UPDATE SKIP LOCKED` (so concurrent claimers never take the same job, nor wait for each
/// other) and stamps them with a lease; every enqueue and release sends `NOTIFY dwall_jobs`,
/// which each replica's `PostgresJobListener` turns into a local wake-up.
struct PostgresJobQueue: JobQueue {
    static let channel = "dwall_jobs"

    let client: PostgresClient
    let clock: @Sendable () -> Date
    let logger: Logger
    let ready: ReadyLatch
    let signal: WakeSignal

    private var now: Date { clock().roundedToMillis }

    func enqueue(_ jobs: [NewJob]) async throws -> [Job] {
        for job in jobs { try job.validate() }
        guard !jobs.isEmpty else { return [] }
        try await ready.wait()
        let now = self.now
        let stored = try await client.transaction(logger: logger) { connection in
            var stored: [Job] = []
            for job in jobs { stored.append(try await insert(job, now: now, connection)) }
            try await Self.notify(connection, logger: logger)
            return stored
        }
        signal.notify()
        return stored
    }

    private func insert(_ job: NewJob, now: Date, _ connection: PostgresConnection) async throws -> Job {
        let stored = JobRules.queued(job, id: UUID.timeOrdered(at: now), now: now)
        let rows = try await connection.query("""
            INSERT INTO jobs (id, kind, item_id, user_id, payload, priority, state, attempts, run_at, created_at,
                              updated_at)
            SELECT \(stored.id), \(stored.kind.rawValue), \(stored.itemID), \(stored.userID), \(stored.payload),
                   \(stored.priority.rawValue), 'queued', 0, \(stored.runAt), \(now), \(now)
            WHERE (\(job.itemID)::uuid IS NULL
                   OR EXISTS (SELECT 1 FROM items WHERE id = \(job.itemID) AND user_id = \(job.userID)))
              AND (\(job.userID)::uuid IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = \(job.userID)))
            RETURNING id
            """, logger: logger)
        guard try await rows.first() != nil else { throw StoreError.notFound(job.itemID == nil ? "user" : "item") }
        return stored
    }

    func claim(
        kinds: Set<JobKind>, owner: String, limit: Int, lease: Duration, retry: JobRetryPolicy
    ) async throws -> [Job] {
        guard !kinds.isEmpty, limit > 0 else { return [] }
        try await ready.wait()
        let now = self.now
        let until = JobRules.leaseEnd(now: now, duration: lease)
        let kindList = kinds.map(\.rawValue)
        let lost = JobRules.lostWorkers(now: now, retry: retry)
        // One statement: jobs whose worker vanished on their last attempt die, due jobs are
        // leased (the two sets are disjoint; both skip rows another claimer holds).
        let rows = try await client.query("""
            WITH dead AS (
                UPDATE jobs SET state = 'dead', lease_id = NULL, lease_expires_at = NULL, updated_at = \(now),
                    last_error = \(JobRules.lostWorkerError)
                WHERE id IN (
                    SELECT id FROM jobs
                    WHERE state = 'running' AND lease_expires_at <= \(lost.leaseEndedBy)
                      AND attempts >= \(lost.deadFromAttempts)
                      AND kind = ANY(\(kindList))
                    FOR UPDATE SKIP LOCKED
                )
            ), due AS (
                SELECT id FROM jobs
                WHERE kind = ANY(\(kindList))
                  AND ((state = 'queued' AND run_at <= \(now))
                       OR (state = 'running' AND lease_expires_at <= \(lost.leaseEndedBy)
                           AND attempts < \(lost.deadFromAttempts)))
                ORDER BY priority DESC, run_at, id
                LIMIT \(limit)
                FOR UPDATE SKIP LOCKED
            )
            UPDATE jobs j SET state = 'running', attempts = j.attempts + 1, lease_owner = \(owner),
                lease_id = gen_random_uuid(), lease_expires_at = \(until), updated_at = \(now)
            FROM due WHERE j.id = due.id
            RETURNING \(unescaped: Self.columns("j"))
            """, logger: logger)
        return try await rows.all().map { try Self.job($0.makeRandomAccess()) }
            .sorted { ClaimRank($0) < ClaimRank($1) }
    }

    func renew(_ lease: JobLease, for duration: Duration) async throws -> Bool {
        try await ready.wait()
        let now = self.now
        let until = JobRules.leaseEnd(now: now, duration: duration)
        let rows = try await client.query("""
            UPDATE jobs SET lease_expires_at = \(until), updated_at = \(now)
            WHERE id = \(lease.jobID) AND lease_id = \(lease.leaseID) AND state = 'running'
            RETURNING id
            """, logger: logger)
        return try await rows.first() != nil
    }

    func complete(_ lease: JobLease) async throws -> Bool {
        try await ready.wait()
        let rows = try await client.query("""
            DELETE FROM jobs WHERE id = \(lease.jobID) AND lease_id = \(lease.leaseID) AND state = 'running'
            RETURNING id
            """, logger: logger)
        return try await rows.first() != nil
    }

    func fail(_ lease: JobLease, error: String, permanent: Bool, retry: JobRetryPolicy) async throws -> JobState? {
        let now = self.now
        return try await settle(lease, keeping: JobRules.storedError(error), notifying: false) { attempts, runAt in
            JobRules.settle(attempts: attempts, runAt: runAt, permanent: permanent, retry: retry, now: now)
        }?.state
    }

    func release(_ lease: JobLease) async throws -> Bool {
        let settled = try await settle(lease, keeping: nil, notifying: true) { attempts, _ in
            JobRules.release(attempts: attempts)
        }
        if settled != nil { signal.notify() }
        return settled != nil
    }

    /// Settles the running job `lease` holds, in one transaction: locks it (`FOR UPDATE`), asks
    /// `rule` (one of `JobRules`, given its claims and run time) what it becomes and writes it,
    /// lease cleared, with `error` kept when given, and `NOTIFY dwall_jobs` at commit when
    /// `notifying`; `nil` when the lease no longer holds the job.
    private func settle(
        _ lease: JobLease, keeping error: String?, notifying: Bool,
        _ rule: @escaping @Sendable (_ attempts: Int, _ runAt: Date) -> JobSettlement
    ) async throws -> JobSettlement? {
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection -> JobSettlement? in
            let rows = try await connection.query("""
                SELECT attempts, run_at FROM jobs
                WHERE id = \(lease.jobID) AND lease_id = \(lease.leaseID) AND state = 'running' FOR UPDATE
                """, logger: logger)
            guard let row = try await rows.first() else { return nil }
            let (attempts, runAt) = try row.decode((Int32, Date).self)
            let settled = rule(Int(attempts), runAt)
            try await connection.query("""
                UPDATE jobs SET state = \(settled.state.rawValue), run_at = coalesce(\(settled.runAt)::timestamptz, run_at),
                    attempts = coalesce(\(settled.attempts.map(Int32.init))::integer, attempts),
                    last_error = coalesce(\(error)::text, last_error), lease_id = NULL, lease_expires_at = NULL,
                    updated_at = \(now)
                WHERE id = \(lease.jobID)
                """, logger: logger)
            if notifying { try await Self.notify(connection, logger: logger) }
            return settled
        }
    }

    func job(id: UUID) async throws -> Job? {
        try await ready.wait()
        let rows = try await client.query(
            "SELECT \(unescaped: Self.columns("j")) FROM jobs j WHERE j.id = \(id)", logger: logger
        )
        return try await rows.first().map { try Self.job($0.makeRandomAccess()) }
    }

    func jobs(state: JobState?, limit: Int) async throws -> [Job] {
        try await ready.wait()
        let rows = try await client.query("""
            SELECT \(unescaped: Self.columns("j")) FROM jobs j WHERE (\(state?.rawValue)::text IS NULL OR j.state = \(state?.rawValue))
            ORDER BY j.created_at, j.id LIMIT \(limit)
            """, logger: logger)
        return try await rows.all().map { try Self.job($0.makeRandomAccess()) }
    }

    func waitForJobs(timeout: Duration) async { await signal.wait(timeout: timeout) }

    // MARK: SQL

    /// Tells every replica's listener that jobs may be due, when the transaction commits.
    static func notify(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_notify(\(channel), '')", logger: logger)
    }

    static func columns(_ alias: String) -> String {
        [
            "id", "kind", "item_id", "user_id", "payload", "priority", "state", "attempts", "run_at", "lease_owner",
            "lease_expires_at", "lease_id", "last_error", "created_at",
        ].map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    static func job(_ row: PostgresRandomAccessRow) throws -> Job {
        let id = try row["id"].decode(UUID.self)
        let stateText = try row["state"].decode(String.self)
        guard let state = JobState(rawValue: stateText) else { throw CorruptRow(detail: "unknown job state \(stateText)") }
        return Job(
            id: id, kind: JobKind(rawValue: try row["kind"].decode(String.self)),
            itemID: try row["item_id"].decode(UUID?.self), userID: try row["user_id"].decode(UUID?.self),
            payload: try row["payload"].decode(String?.self),
            priority: JobPriority(rawValue: try row["priority"].decode(Int16.self)), state: state,
            attempts: Int(try row["attempts"].decode(Int32.self)),
            runAt: try row["run_at"].decode(Date.self).roundedToMillis,
            leaseOwner: try row["lease_owner"].decode(String?.self),
            leaseExpiresAt: try row["lease_expires_at"].decode(Date?.self)?.roundedToMillis,
            lease: try row["lease_id"].decode(UUID?.self).map { JobLease(jobID: id, leaseID: $0) },
            lastError: try row["last_error"].decode(String?.self),
            createdAt: try row["created_at"].decode(Date.self).roundedToMillis
        )
    }
}
