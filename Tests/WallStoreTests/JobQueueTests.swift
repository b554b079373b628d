import Foundation
import Testing
import WallCore
import WallStore

/// The job queue on both stores: enqueued with the share that needs it, claimed in priority
/// order under a lease, retried with backoff, dead after too many failures, gone with its item.
@Suite("Job queue")
struct JobQueueTests {
    static let enrichLinks = FollowUpPolicy([.url: [.enrich], .image: [.thumbnail]])

    // MARK: Enqueue with the share

    @Test("A new link gets its follow-up job in the share's transaction; repeats and other kinds get none",
          arguments: JobStoreFactory.all)
    func followUpsWithTheShare(_ factory: JobStoreFactory) async throws {
        try await factory.withStore(followUps: Self.enrichLinks) { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()
            let share = try linkShare("https://example.com/a")
            let item = try await store.save(share, for: alice).item

            let jobs = try await store.jobs.all()
            #expect(jobs.count == 1)
            let job = try #require(jobs.first)
            #expect(job.kind == .enrich)
            #expect(job.itemID == item.id)
            #expect(job.userID == alice.id)
            #expect(job.priority == .interactive)
            #expect(job.state == .queued)
            #expect(job.attempts == 0)
            #expect(job.lease == nil)

            // The same link again, the same share id again, a text: no more jobs.
            _ = try await store.save(linkShare("https://example.com/a?utm_source=x"), for: alice)
            _ = try await store.save(share, for: alice)
            _ = try await store.save(textShare("just words"), for: alice)
            #expect(try await store.jobs.all().map(\.id) == [job.id])

            // An image gets its own kind; an imported link is bulk work.
            _ = try await store.save(imageShare(), for: alice)
            _ = try await store.save(linkShare("https://example.com/imported", source: .import), for: alice)
            let later = try await store.jobs.all().dropFirst()
            #expect(later.map(\.kind) == [.thumbnail, .enrich])
            #expect(later.map(\.priority) == [.interactive, .bulk])
        }
    }

    @Test("With no policy, a share enqueues nothing", arguments: JobStoreFactory.all)
    func noPolicyNoJobs(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let alice = try await opened.store.newUser()
            _ = try await opened.store.save(linkShare("https://example.com/a"), for: alice)
            #expect(try await opened.store.jobs.all().isEmpty)
        }
    }

    @Test("A share that fails enqueues nothing, and a job that can't be written fails its share",
          arguments: JobStoreFactory.all)
    func enqueueIsAtomicWithTheShare(_ factory: JobStoreFactory) async throws {
        try await factory.withStore(followUps: Self.enrichLinks) { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()

            await #expect(throws: StoreError.notFound("wall")) {
                try await store.save(linkShare("https://example.com/nowhere", wall: "no-such-wall"), for: alice)
            }
            #expect(try await store.jobs.all().isEmpty)

            // When the job insert fails, the item it follows is not stored either.
            if factory.name == "SQLite" {
                try await opened.execute("""
                    CREATE TRIGGER refuse_jobs BEFORE INSERT ON jobs BEGIN SELECT RAISE(ABORT, 'jobs refused'); END
                    """)
            } else {
                try await opened.execute("""
                    CREATE FUNCTION refuse_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'jobs refused'; END $$
                    """)
                try await opened.execute(
                    "CREATE TRIGGER refuse_jobs BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_jobs()"
                )
            }
            await #expect(throws: (any Error).self) {
                try await store.save(linkShare("https://example.com/half"), for: alice)
            }
            #expect(try await store.itemIDs(for: alice).isEmpty)
            #expect(try await store.allEvents(for: alice).isEmpty)
            #expect(try await store.jobs.all().isEmpty)

            // A text needs no job, so it is stored.
            _ = try await store.save(textShare("no job needed"), for: alice)
            #expect(try await store.itemIDs(for: alice).count == 1)
        }
    }

    // MARK: Plain enqueue and its refusals

    @Test("Enqueue refuses bad jobs and writes none of the batch", arguments: JobStoreFactory.all)
    func enqueueRefusals(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let item = try await store.save(linkShare("https://example.com/a"), for: alice).item
            let good = NewJob(kind: .enrich, itemID: item.id, userID: alice.id)

            let refused: [NewJob] = [
                NewJob(kind: ""),
                NewJob(kind: JobKind(rawValue: String(repeating: "k", count: Limits.maxJobKindLength + 1))),
                NewJob(kind: .enrich, payload: String(repeating: "p", count: Limits.maxJobPayloadBytes + 1)),
                NewJob(kind: .enrich, itemID: item.id),
            ]
            for bad in refused {
                await #expect(throws: JobRefused.self) { try await store.jobs.enqueue([good, bad]) }
            }
            await #expect(throws: StoreError.notFound("item")) {
                try await store.jobs.enqueue([good, NewJob(kind: .enrich, itemID: item.id, userID: bob.id)])
            }
            await #expect(throws: StoreError.notFound("item")) {
                try await store.jobs.enqueue([good, NewJob(kind: .enrich, itemID: UUID(), userID: alice.id)])
            }
            await #expect(throws: StoreError.notFound("user")) {
                try await store.jobs.enqueue([good, NewJob(kind: "import", userID: UUID())])
            }
            #expect(try await store.jobs.all().isEmpty)

            // At the limits, it takes them.
            let payload = String(repeating: "p", count: Limits.maxJobPayloadBytes)
            let kind = JobKind(rawValue: String(repeating: "k", count: Limits.maxJobKindLength))
            let stored = try await store.jobs.enqueue([good, NewJob(kind: kind, userID: bob.id, payload: payload)])
            // One batch has one enqueue time, so compare in id order.
            let byID = { (jobs: [Job]) in jobs.sorted { $0.id.uuidString < $1.id.uuidString } }
            #expect(byID(try await store.jobs.all()) == byID(stored))
            #expect(try await store.jobs.job(id: stored[1].id)?.payload == payload)
        }
    }

    // MARK: Claiming

    @Test("Claims take the highest priority first, then the oldest, and only due jobs of the asked kinds",
          arguments: JobStoreFactory.all)
    func claimOrder(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, clock in
            let queue = opened.store.jobs
            let oldBulk = try await queue.enqueue(NewJob(kind: .enrich, payload: "old bulk", priority: .bulk))
            let newBulk = try await queue.enqueue(NewJob(kind: .enrich, payload: "new bulk", priority: .bulk))
            let interactive = try await queue.enqueue(NewJob(kind: .enrich, payload: "interactive"))
            let later = try await queue.enqueue(
                NewJob(kind: .enrich, payload: "later", runAt: clock.now().addingTimeInterval(60))
            )
            _ = try await queue.enqueue(NewJob(kind: .thumbnail, payload: "other kind"))

            var order: [UUID] = []
            while let job = try await queue.claim(limit: 1).first {
                order.append(job.id)
                try await queue.complete(try #require(job.lease))
            }
            #expect(order == [interactive.id, oldBulk.id, newBulk.id])

            clock.advance(.seconds(60))
            #expect(try await queue.claim().map(\.id) == [later.id])
            #expect(try await queue.claim([.thumbnail]).map(\.payload) == ["other kind"])
            #expect(try await queue.claim([.thumbnail, .enrich]).isEmpty)
        }
    }

    @Test("A claim leases the job: nobody else gets it until the lease expires, then the holder can't touch it",
          arguments: JobStoreFactory.all)
    func leaseExpiry(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, clock in
            let queue = opened.store.jobs
            let enqueued = try await queue.enqueue(NewJob(kind: .enrich))
            let first = try #require(try await queue.claim(owner: "worker-a", lease: .seconds(30)).first)
            #expect(first.id == enqueued.id)
            #expect(first.state == .running)
            #expect(first.attempts == 1)
            #expect(first.leaseOwner == "worker-a")
            let firstLease = try #require(first.lease)

            clock.advance(.seconds(29))
            #expect(try await queue.claim(owner: "worker-b").isEmpty)

            clock.advance(.seconds(2))
            let second = try #require(try await queue.claim(owner: "worker-b").first)
            #expect(second.id == enqueued.id)
            #expect(second.attempts == 2)
            #expect(second.leaseOwner == "worker-b")
            let secondLease = try #require(second.lease)
            #expect(secondLease != firstLease)

            // The first worker woke up late: its lease is gone.
            #expect(try await queue.renew(firstLease, for: .seconds(30)) == false)
            #expect(try await queue.complete(firstLease) == false)
            #expect(try await queue.fail(firstLease, error: "late", permanent: false, retry: .tests) == nil)
            #expect(try await queue.release(firstLease) == false)
            #expect(try await queue.job(id: enqueued.id)?.lease == secondLease)

            #expect(try await queue.complete(secondLease))
            #expect(try await queue.job(id: enqueued.id) == nil)
        }
    }

    @Test("Renewing a lease keeps the job from other workers", arguments: JobStoreFactory.all)
    func leaseRenewal(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, clock in
            let queue = opened.store.jobs
            _ = try await queue.enqueue(NewJob(kind: .enrich))
            let lease = try #require(try await queue.claim(lease: .seconds(30)).first?.lease)
            for _ in 1...3 {
                clock.advance(.seconds(20))
                #expect(try await queue.renew(lease, for: .seconds(30)))
                #expect(try await queue.claim(owner: "worker-b").isEmpty)
            }
            clock.advance(.seconds(31))
            #expect(try await queue.claim(owner: "worker-b").count == 1)
        }
    }

    @Test("A lease that expires on the last attempt makes the job dead, not run again", arguments: JobStoreFactory.all)
    func lastLeaseExpiryIsDead(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, clock in
            let queue = opened.store.jobs
            let job = try await queue.enqueue(NewJob(kind: .enrich))
            for attempt in 1...JobRetryPolicy.tests.maxAttempts {
                let claimed = try #require(try await queue.claim(lease: .seconds(30)).first)
                #expect(claimed.attempts == attempt)
                clock.advance(.seconds(31))
            }
            #expect(try await queue.claim().isEmpty)
            let dead = try #require(try await queue.job(id: job.id))
            #expect(dead.state == .dead)
            #expect(dead.lastError?.contains("lease expired") == true)
            #expect(try await queue.jobs(state: .dead, limit: 10).map(\.id) == [job.id])
        }
    }

    // MARK: Failure

    @Test("Failures wait out an exponential, capped backoff, then the job is dead with its last error",
          arguments: JobStoreFactory.all)
    func backoffThenDead(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, clock in
            let queue = opened.store.jobs
            let job = try await queue.enqueue(NewJob(kind: .enrich))

            // Attempt 1 fails: 10 s wait.
            var lease = try #require(try await queue.claim().first?.lease)
            #expect(try await queue.fail(lease, error: "timeout 1", permanent: false, retry: .tests) == .queued)
            var stored = try #require(try await queue.job(id: job.id))
            #expect(stored.state == .queued)
            #expect(stored.lastError == "timeout 1")
            #expect(stored.lease == nil)
            clock.advance(.seconds(9))
            #expect(try await queue.claim().isEmpty)
            clock.advance(.seconds(1))

            // Attempt 2 fails: 20 s capped to 15 s.
            lease = try #require(try await queue.claim().first?.lease)
            #expect(try await queue.fail(lease, error: "timeout 2", permanent: false, retry: .tests) == .queued)
            clock.advance(.seconds(14))
            #expect(try await queue.claim().isEmpty)
            clock.advance(.seconds(1))

            // Attempt 3 (the last) fails: dead, never claimed again.
            let last = try #require(try await queue.claim().first)
            #expect(last.attempts == 3)
            let lastLease = try #require(last.lease)
            #expect(try await queue.fail(lastLease, error: "timeout 3", permanent: false, retry: .tests) == .dead)
            clock.advance(.seconds(3_600))
            #expect(try await queue.claim().isEmpty)
            stored = try #require(try await queue.job(id: job.id))
            #expect(stored.state == .dead)
            #expect(stored.lastError == "timeout 3")
            #expect(stored.attempts == 3)
        }
    }

    @Test("A permanent failure is dead at once; a long error is cut to the limit", arguments: JobStoreFactory.all)
    func permanentFailure(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let queue = opened.store.jobs
            let job = try await queue.enqueue(NewJob(kind: .enrich))
            let lease = try #require(try await queue.claim().first?.lease)
            let error = String(repeating: "e", count: Limits.maxJobErrorLength + 10)
            #expect(try await queue.fail(lease, error: error, permanent: true, retry: .tests) == .dead)
            let stored = try #require(try await queue.job(id: job.id))
            #expect(stored.state == .dead)
            #expect(stored.attempts == 1)
            #expect(stored.lastError?.count == Limits.maxJobErrorLength)
            #expect(try await queue.claim().isEmpty)
        }
    }

    @Test("A released job is due again at once and the claim is not counted", arguments: JobStoreFactory.all)
    func release(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let queue = opened.store.jobs
            let job = try await queue.enqueue(NewJob(kind: .enrich))
            let lease = try #require(try await queue.claim().first?.lease)
            #expect(try await queue.release(lease))
            #expect(try await queue.job(id: job.id)?.state == .queued)
            let again = try #require(try await queue.claim(owner: "worker-b").first)
            #expect(again.id == job.id)
            #expect(again.attempts == 1)
        }
    }

    @Test("The backoff doubles from its base and stops at its cap")
    func backoffDelays() {
        let policy = JobRetryPolicy(maxAttempts: 10, base: .seconds(10), cap: .seconds(60))
        #expect((1...6).map { policy.delay(afterAttempt: $0) } == [10, 20, 40, 60, 60, 60].map { Duration.seconds($0) })
        #expect(JobRetryPolicy.standard.delay(afterAttempt: 1_000) == Limits.jobBackoffCap)
    }

    // MARK: Items going away

    @Test("Deleting an item or its wall removes its jobs, running or not", arguments: JobStoreFactory.all)
    func jobsGoWithTheirItems(_ factory: JobStoreFactory) async throws {
        try await factory.withStore(followUps: Self.enrichLinks) { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()
            let first = try await store.save(linkShare("https://example.com/1"), for: alice).item
            let work = try await store.newWall("Work", for: alice)
            _ = try await store.save(linkShare("https://example.com/2", wall: work.slug), for: alice)
            #expect(try await store.jobs.all().count == 2)

            let running = try #require(try await store.jobs.claim(limit: 1).first)
            #expect(running.itemID == first.id)
            #expect(try await store.deleteItem(id: first.id, userID: alice.id))
            #expect(try await store.jobs.job(id: running.id) == nil)
            // The worker that held it finds nothing to complete.
            let lease = try #require(running.lease)
            #expect(try await store.jobs.complete(lease) == false)

            try await store.deleteWall(id: work.id, userID: alice.id, disposal: .deleteItems)
            #expect(try await store.jobs.all().isEmpty)
        }
    }
}
