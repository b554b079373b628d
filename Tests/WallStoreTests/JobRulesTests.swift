import Foundation
import Testing
import WallCore
@testable import WallStore

/// The job queue's rules on plain values: a new job, and where a failed attempt leaves it.
@Suite("Job rules")
struct JobRulesTests {
    let now = Date(timeIntervalSince1970: 1_767_000_000)
    let retry = JobRetryPolicy(maxAttempts: 3, base: .seconds(10), cap: .seconds(25))

    @Test("A new job is queued, unclaimed, due now unless it names a later time")
    func queuedJob() {
        let id = UUID()
        let later = now.addingTimeInterval(90.0004)
        let job = JobRules.queued(NewJob(kind: .enrich, payload: "p", priority: .bulk, runAt: later), id: id, now: now)
        #expect(job.id == id)
        #expect(job.state == .queued)
        #expect(job.attempts == 0)
        #expect(job.lease == nil)
        #expect(job.runAt == later.roundedToMillis)
        #expect(job.priority == .bulk)
        #expect(JobRules.queued(NewJob(kind: .thumbnail), id: id, now: now).runAt == now)
    }

    @Test("A failed attempt is retried after a doubling back-off, capped")
    func retriedWithBackOff() {
        let first = JobRules.settle(attempts: 1, runAt: now, permanent: false, retry: retry, now: now)
        let second = JobRules.settle(attempts: 2, runAt: now, permanent: false, retry: retry, now: now)
        #expect(first == JobSettlement(state: .queued, runAt: now.addingTimeInterval(10)))
        #expect(second == JobSettlement(state: .queued, runAt: now.addingTimeInterval(20)))
        let long = JobRetryPolicy(maxAttempts: 10, base: .seconds(10), cap: .seconds(25))
        #expect(JobRules.settle(attempts: 5, runAt: now, permanent: false, retry: long, now: now).runAt
            == now.addingTimeInterval(25))
    }

    @Test("A permanent failure, or the last attempt's, is dead and keeps its run time")
    func deadJobs() {
        let due = now.addingTimeInterval(-30)
        #expect(JobRules.settle(attempts: 1, runAt: due, permanent: true, retry: retry, now: now)
            == JobSettlement(state: .dead, runAt: due))
        #expect(JobRules.settle(attempts: 3, runAt: due, permanent: false, retry: retry, now: now)
            == JobSettlement(state: .dead, runAt: due))
    }
}
