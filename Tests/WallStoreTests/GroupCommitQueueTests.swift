import Foundation
import Testing
import WallCore
@testable import WallStore

/// The group-commit queue lets background jobs (the job queue's claims and settles) wait for a
/// batch that can't wait, so they share its commit instead of making one of their own.
@Suite struct GroupCommitQueueTests {
    /// A queue whose batches are recorded; every job answers its own number.
    static func recordingQueue(deferral: DispatchTimeInterval) -> (GroupCommitQueue<Int, Int>, Locked<[[Int]]>) {
        let batches = Locked<[[Int]]>([])
        let queue = GroupCommitQueue<Int, Int>(label: "test.group-commit", deferral: deferral) { jobs in
            batches.withLock { $0.append(jobs) }
            return jobs.map { .success($0) }
        }
        return (queue, batches)
    }

    @Test("A background job rides in the batch of the next job that can't wait")
    func backgroundJobRidesAlong() async throws {
        let (queue, batches) = Self.recordingQueue(deferral: .seconds(60))
        let background = Task { try await queue.submit(1, deferrable: true) }
        while queue.waitingCount < 1 { await Task.yield() }
        #expect(batches.withLock { $0 }.isEmpty)

        #expect(try await queue.submit(2) == 2)
        #expect(try await background.value == 1)
        #expect(batches.withLock { $0 } == [[1, 2]])
    }

    @Test("A background job with nothing to ride along with is committed once its deferral is up")
    func backgroundJobAlone() async throws {
        let (queue, batches) = Self.recordingQueue(deferral: .milliseconds(50))
        let start = ContinuousClock.now
        #expect(try await queue.submit(7, deferrable: true) == 7)
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(batches.withLock { $0 } == [[7]])

        // Jobs that can't wait still run at once, one batch each when they come one at a time.
        #expect(try await queue.submit(8) == 8)
        #expect(try await queue.submit(9) == 9)
        #expect(batches.withLock { $0 } == [[7], [8], [9]])
    }
}
