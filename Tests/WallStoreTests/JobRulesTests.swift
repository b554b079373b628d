import Foundation
import Testing
import WallCore
@testable import WallStore

/// The job queue's rules on plain values: a new job, where a failed attempt leaves it, and a released one.
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

    @Test("A released job is queued again with the claim it gave back not counted, never below zero")
    func released() throws {
        #expect(JobRules.release(attempts: 1) == JobSettlement(state: .queued, runAt: nil, attempts: 0))
        #expect(JobRules.release(attempts: 3) == JobSettlement(state: .queued, runAt: nil, attempts: 2))
        #expect(JobRules.release(attempts: 0) == JobSettlement(state: .queued, runAt: nil, attempts: 0), "a claim that was never counted")
        let last = try #require(JobRules.release(attempts: retry.maxAttempts).attempts)
        #expect(JobRules.settle(attempts: last + 1, runAt: now, permanent: false, retry: retry, now: now).state
            == .dead, "the next claim after a release of the last one is the last one again")
    }

    @Test("A lease ends its length after now, to the millisecond")
    func leaseEnd() {
        let start = now.millisSince1970
        #expect(JobRules.leaseEnd(now: now, duration: .seconds(30)).millisSince1970 == start + 30_000)
        #expect(JobRules.leaseEnd(now: now, duration: .milliseconds(1_500)).millisSince1970 == start + 1_500)
        let rounded = JobRules.leaseEnd(now: now, duration: .microseconds(2_400))
        #expect(rounded == rounded.roundedToMillis, "stored to the millisecond, as both stores keep it")
        #expect(rounded.millisSince1970 == start + 2)
    }

    @Test("A lease that ended by now lost its worker; the job dies only if that was its last claim")
    func lostWorkers() {
        let lost = JobRules.lostWorkers(now: now, retry: retry)
        #expect(lost == LostWorkers(leaseEndedBy: now, deadFromAttempts: 3))
        #expect(lost.isLost(leaseExpiresAt: now), "a lease ends at its end")
        #expect(lost.isLost(leaseExpiresAt: now.addingTimeInterval(-5)))
        #expect(!lost.isLost(leaseExpiresAt: now.addingTimeInterval(0.001)))
        #expect(!lost.isDead(attempts: 1))
        #expect(!lost.isDead(attempts: 2))
        #expect(lost.isDead(attempts: 3))
        #expect(lost.isDead(attempts: 4))
    }

    @Test("A failed job keeps its error up to the limit's length, cut there")
    func storedError() {
        #expect(JobRules.storedError("timed out") == "timed out")
        let long = String(repeating: "é", count: Limits.maxJobErrorLength + 5)
        #expect(JobRules.storedError(long) == String(repeating: "é", count: Limits.maxJobErrorLength))
    }

    @Test("Claims rank the highest priority first, then the earliest due, then the oldest id")
    func claimRank() {
        let first = UUID.timeOrdered(at: now), second = UUID.timeOrdered(at: now.addingTimeInterval(1))
        func job(_ id: UUID, _ priority: JobPriority, dueIn seconds: TimeInterval) -> Job {
            JobRules.queued(NewJob(kind: .enrich, priority: priority, runAt: now.addingTimeInterval(seconds)), id: id, now: now)
        }
        let lateInteractive = job(second, .interactive, dueIn: 60)
        let earlyBulk = job(first, .bulk, dueIn: -60)
        let earlyInteractive = job(second, .interactive, dueIn: 0)
        let sameTimeOlder = job(first, .interactive, dueIn: 0)
        let ranked = [earlyBulk, lateInteractive, earlyInteractive, sameTimeOlder].sorted { ClaimRank($0) < ClaimRank($1) }
        #expect(ranked.map(\.id) == [first, second, second, first])
        #expect(ranked.map(\.priority) == [.interactive, .interactive, .interactive, .bulk])
        #expect(ranked.map(\.runAt) == [now, now, now.addingTimeInterval(60), now.addingTimeInterval(-60)])
        #expect(ClaimRank(priority: .bulk, runAtMillis: 5, id: "a") < ClaimRank(priority: .bulk, runAtMillis: 5, id: "b"))
        #expect(!(ClaimRank(sameTimeOlder) < ClaimRank(sameTimeOlder)))
    }
}
