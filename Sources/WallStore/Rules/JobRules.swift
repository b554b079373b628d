import Foundation
import WallCore

/// What a running job becomes when its worker settles it (a failed attempt, or a release): its
/// state, and its run time and counted claims where they change. Both backends write it as it is,
/// under the job's lock, with the lease cleared.
struct JobSettlement: Sendable, Equatable {
    /// Queued again, or dead.
    var state: JobState
    /// When it runs next (a dead job's is kept for the record), or `nil`: as it was.
    var runAt: Date?
    /// The claims counted from now on, or `nil`: as they were.
    var attempts: Int?
}

/// The rules every job queue applies, decided on plain values; the backends only write them.
enum JobRules {
    /// The error kept on a job whose worker's lease expired on its last attempt.
    static let lostWorkerError = "The worker's lease expired on the last attempt (it stopped or hung)."

    /// A job as it is first queued at `now`: due at once unless it names a later time.
    static func queued(_ job: NewJob, id: UUID, now: Date) -> Job {
        Job(
            id: id, kind: job.kind, itemID: job.itemID, userID: job.userID, payload: job.payload,
            priority: job.priority, state: .queued, attempts: 0, runAt: (job.runAt ?? now).roundedToMillis,
            leaseOwner: nil, leaseExpiresAt: nil, lease: nil, lastError: nil, createdAt: now
        )
    }

    /// When a lease of `duration` taken (or renewed) at `now` ends.
    static func leaseEnd(now: Date, duration: Duration) -> Date {
        now.addingTimeInterval(duration.seconds).roundedToMillis
    }

    /// The running jobs that have lost their worker at `now` under `retry`, and which of them die.
    static func lostWorkers(now: Date, retry: JobRetryPolicy) -> LostWorkers {
        LostWorkers(leaseEndedBy: now, deadFromAttempts: retry.maxAttempts)
    }

    /// The error kept on a failed job: its first `Limits.maxJobErrorLength` characters.
    static func storedError(_ error: String) -> String {
        String(error.prefix(Limits.maxJobErrorLength))
    }

    /// A failed attempt (the `attempts`-th claim) of a job due at `runAt`: dead when the failure
    /// is permanent or the claims are used up (its run time kept, for the record), else queued
    /// again after the policy's back-off.
    static func settle(
        attempts: Int, runAt: Date, permanent: Bool, retry: JobRetryPolicy, now: Date
    ) -> JobSettlement {
        if permanent || attempts >= retry.maxAttempts { return JobSettlement(state: .dead, runAt: runAt) }
        let next = now.addingTimeInterval(retry.delay(afterAttempt: attempts).seconds).roundedToMillis
        return JobSettlement(state: .queued, runAt: next)
    }

    /// A job released by its worker (given back unrun, e.g. while stopping) after `attempts`
    /// claims (this one included): queued again, due at its run time as before, and the claim it
    /// gave back not counted (never below zero), so a release never brings a job nearer to dying.
    static func release(attempts: Int) -> JobSettlement {
        JobSettlement(state: .queued, attempts: max(attempts - 1, 0))
    }
}
