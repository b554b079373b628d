import Foundation

/// A durable queue of work that follows a share (enrichment, thumbnails, an import's
/// enrichment), kept in the store's own database. SQLite offers it to one process, PostgreSQL to
/// any number of replicas; both behave the same.
///
/// Guarantees:
/// - **Atomic with the share**: follow-up jobs (`FollowUpPolicy`) are written in the share's own
///   transaction; a share that fails enqueues nothing, a committed share always has its jobs.
/// - **At least once, never twice at the same time**: a claim gives one worker a lease
///   (`Limits.jobLease`); no other worker can claim the job until the lease expires or is given
///   back. A worker that dies loses its lease when it expires and the job is claimed again, so
///   a handler may run more than once and must be idempotent.
/// - **Order**: higher priority first, then the earliest run time, then the oldest.
/// - **Retries**: a failure makes the job wait `JobRetryPolicy.delay(afterAttempt:)` (exponential,
///   capped); after `maxAttempts` claims, or at once for a permanent failure, the job is `dead`
///   and keeps its last error. A lease expiring on the last attempt also makes it dead.
/// - **Items**: deleting an item (or a user) removes its jobs, whatever their state. A handler
///   still finds its item gone when it is deleted while the job runs, and should then simply
///   return (the job's removal makes its completion a no-op).
/// - A completed job is removed from the queue.
public protocol JobQueue: Sendable {
    /// Adds jobs, all or none; throws `JobRefused` for bad input and `StoreError.notFound("item")`
    /// when an item does not exist or is not the named user's.
    @discardableResult
    func enqueue(_ jobs: [NewJob]) async throws -> [Job]

    /// Claims up to `limit` jobs of these kinds that are due (queued and past their run time, or
    /// running under an expired lease) for `owner`, for `lease`; highest priority first, then
    /// oldest. A job whose lease expired on its last attempt is made dead instead.
    func claim(
        kinds: Set<JobKind>, owner: String, limit: Int, lease: Duration, retry: JobRetryPolicy
    ) async throws -> [Job]

    /// Extends a running claim to `lease` from now; false when the lease is no longer held (it
    /// expired and the job was claimed again, or the job was removed).
    func renew(_ lease: JobLease, for duration: Duration) async throws -> Bool

    /// Removes a job that succeeded; false when the lease is no longer held.
    @discardableResult
    func complete(_ lease: JobLease) async throws -> Bool

    /// Records a failure: the job waits to be retried, or is dead when `permanent` or out of
    /// attempts. Returns the job's new state, or nil when the lease is no longer held.
    @discardableResult
    func fail(_ lease: JobLease, error: String, permanent: Bool, retry: JobRetryPolicy) async throws -> JobState?

    /// Gives a claimed job back untouched (a worker stopping): queued again at once, the claim not
    /// counted as an attempt. False when the lease is no longer held.
    @discardableResult
    func release(_ lease: JobLease) async throws -> Bool

    /// One job, in whatever state.
    func job(id: UUID) async throws -> Job?

    /// Jobs in a state (all states when nil), oldest first, at most `limit`: for people and tests.
    func jobs(state: JobState?, limit: Int) async throws -> [Job]

    /// Returns when jobs may have become due (enqueued or released here or, with PostgreSQL, on
    /// any replica), or after `timeout` at the latest: a worker's wait between claims.
    func waitForJobs(timeout: Duration) async
}

extension JobQueue {
    /// Adds one job.
    @discardableResult
    public func enqueue(_ job: NewJob) async throws -> Job {
        guard let stored = try await enqueue([job]).first else { throw CancellationError() }
        return stored
    }
}
