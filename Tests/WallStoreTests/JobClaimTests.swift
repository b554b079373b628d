import Foundation
import Testing
import WallCore
import WallStore

/// Claims under load on both stores: the claim order with expired leases and jobs that are not
/// due yet, many claimers at once, and a settle (complete, fail) that the database refuses.
@Suite("Job claims")
struct JobClaimTests {
    @Test("A claim orders expired leases and queued jobs together and passes over jobs not due yet",
          arguments: JobStoreFactory.all)
    func claimOrderAcrossStates(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, clock in
            let queue = opened.store.jobs
            let expired = try await queue.enqueue(NewJob(kind: .enrich, payload: "expired lease", priority: .bulk))
            #expect(try await queue.claim(owner: "vanished", lease: .seconds(5)).map(\.id) == [expired.id])
            var notDue: [UUID] = []
            for index in 0..<20 {
                let job = NewJob(kind: .enrich, payload: "later \(index)", runAt: clock.now().addingTimeInterval(3_600))
                notDue.append(try await queue.enqueue(job).id)
            }
            let bulk = try await queue.enqueue(NewJob(kind: .enrich, payload: "bulk", priority: .bulk))
            let middle = try await queue.enqueue(NewJob(kind: .enrich, priority: JobPriority(rawValue: 50)))
            let interactive = try await queue.enqueue(NewJob(kind: .enrich, payload: "interactive"))
            _ = try await queue.enqueue(NewJob(kind: .thumbnail, payload: "other kind"))
            clock.advance(.seconds(6))

            // The expired bulk job was due before the new bulk one, so it comes first among bulk.
            let claimed = try await queue.claim(owner: "worker-b", limit: 3)
            #expect(claimed.map(\.id) == [interactive.id, middle.id, expired.id])
            let rest = try await queue.claim(owner: "worker-b", limit: 10)
            #expect(rest.map(\.id) == [bulk.id])
            #expect(try await queue.claim(owner: "worker-b", limit: 10).isEmpty)

            for job in claimed + rest { #expect(try await queue.complete(try #require(job.lease))) }
            clock.advance(.seconds(3_600))
            #expect(Set(try await queue.claim(owner: "worker-b", limit: 50).map(\.id)) == Set(notDue))
        }
    }

    @Test("Many claimers at once never get the same job, and together they get every due job",
          arguments: JobStoreFactory.all)
    func concurrentClaimsAreDisjoint(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, _ in
            let queue = opened.store.jobs
            let enqueued = try await queue.enqueue((0..<40).map { NewJob(kind: .enrich, payload: "job \($0)") })
            let claims = try await withThrowingTaskGroup(of: [Job].self) { group in
                for worker in 0..<12 {
                    group.addTask { try await queue.claim(owner: "worker-\(worker)", limit: 5) }
                }
                return try await group.reduce(into: [[Job]]()) { $0.append($1) }
            }
            let ids = claims.flatMap { $0.map(\.id) }
            #expect(ids.count == Set(ids).count, "a job was handed to two claimers")
            #expect(Set(ids) == Set(enqueued.map(\.id)))
            #expect(claims.allSatisfy { $0.count <= 5 })
            #expect(try await queue.claim(owner: "late", limit: 10).isEmpty)
        }
    }

    @Test("A settle the database refuses leaves the job leased; it is retried once the lease expires",
          arguments: JobStoreFactory.all)
    func refusedSettleKeepsTheLease(_ factory: JobStoreFactory) async throws {
        try await factory.withStore { opened, clock in
            let queue = opened.store.jobs
            let job = try await queue.enqueue(NewJob(kind: .enrich))
            let lease = try #require(try await queue.claim(lease: .seconds(30)).first?.lease)
            for sql in Self.refuseSettles(factory) { try await opened.execute(sql) }

            await #expect(throws: (any Error).self) { try await queue.complete(lease) }
            await #expect(throws: (any Error).self) {
                try await queue.fail(lease, error: "timeout", permanent: false, retry: .tests)
            }
            // Shares meanwhile are not held up by the refused settles.
            let user = try await opened.store.newUser()
            #expect(try await opened.store.save(textShare("still saved"), for: user).kind == .created)

            let held = try #require(try await queue.job(id: job.id))
            #expect(held.state == .running)
            #expect(held.lease == lease)
            #expect(held.attempts == 1)
            #expect(try await queue.claim(owner: "worker-b").isEmpty)

            for sql in Self.allowSettles(factory) { try await opened.execute(sql) }
            clock.advance(.seconds(31))
            let retried = try #require(try await queue.claim(owner: "worker-b").first)
            #expect(retried.id == job.id)
            #expect(retried.attempts == 2)
            #expect(try await queue.complete(lease) == false)
            #expect(try await queue.complete(try #require(retried.lease)))
        }
    }

    /// Triggers that make deleting a job or recording its error fail, as a broken disk would.
    static func refuseSettles(_ factory: JobStoreFactory) -> [String] {
        if factory.name == JobStoreFactory.sqlite.name {
            return [
                "CREATE TRIGGER refuse_complete BEFORE DELETE ON jobs BEGIN SELECT RAISE(ABORT, 'disk trouble'); END",
                """
                CREATE TRIGGER refuse_fail BEFORE UPDATE OF last_error ON jobs
                BEGIN SELECT RAISE(ABORT, 'disk trouble'); END
                """,
            ]
        }
        return [
            "CREATE FUNCTION refuse_settle() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk trouble'; END $$",
            "CREATE TRIGGER refuse_complete BEFORE DELETE ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_settle()",
            "CREATE TRIGGER refuse_fail BEFORE UPDATE OF last_error ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_settle()",
        ]
    }

    static func allowSettles(_ factory: JobStoreFactory) -> [String] {
        if factory.name == JobStoreFactory.sqlite.name {
            return ["DROP TRIGGER refuse_complete", "DROP TRIGGER refuse_fail"]
        }
        return ["DROP TRIGGER refuse_complete ON jobs", "DROP TRIGGER refuse_fail ON jobs"]
    }
}
