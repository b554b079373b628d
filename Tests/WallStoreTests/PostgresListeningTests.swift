import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// A replica's one listening connection: both channels on it, and a relay that notices when it
/// goes deaf (open, no error, no notices), closes it, listens again and catches up from the log.
@Suite("PostgreSQL listening", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresListeningTests {
    @Test("Each replica listens for events and jobs on one connection", .timeLimit(.minutes(5)))
    func oneListeningConnectionPerReplica() async throws {
        try await withPostgresReplicas(2) { replicas, database in
            // Every listening connection's last statement is a LISTEN or the query after them.
            let listening = try await database.strings("""
                SELECT pid::text FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND (query LIKE 'LISTEN%' OR query LIKE '%pg_listening_channels%')
                """)
            #expect(listening.count == 2, "one listening connection per replica")

            // Both channels are heard on it: B's job workers wake for a job queued through A…
            let b = try #require(replicas[1] as? PostgresStore)
            _ = await signalled(b.jobSignal, within: .milliseconds(1))  // the wake-up of its first LISTEN
            let woken = Task { await signalled(b.jobSignal, within: .seconds(20)) }
            _ = try await replicas[0].jobs.enqueue([NewJob(kind: .enrich, payload: "across")])
            #expect(await woken.value, "B's job workers were woken")
            // …and B's feed gets a share made through A.
            let alice = try await replicas[0].newUser()
            let feed = b.feed.subscribe(userID: alice.id)
            let item = try await replicas[0].save(linkShare("https://example.com/one-connection"), for: alice).item
            #expect(await events(feed, count: 1, within: .seconds(20)).map(\.itemId) == [item.id])
        }
    }

    @Test("Listening leaves the query pool whole: with every pooled connection taken, notices still come",
          .timeLimit(.minutes(5)))
    func listeningLeavesThePoolWhole() async throws {
        try await withPostgresReplicas(2) { replicas, _ in
            let b = try #require(replicas[1] as? PostgresStore)
            _ = await signalled(b.jobSignal, within: .milliseconds(1))  // the wake-up of its first LISTEN
            let taken = Locked(0)
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Given: B's whole pool (4 connections, as `withPostgresReplicas` makes it) is taken.
                for _ in 1...4 {
                    group.addTask {
                        try await b.client.withConnection { _ in
                            taken.withLock { $0 += 1 }
                            try await Task.sleep(for: .seconds(3_600))  // held until the group is cancelled
                        }
                    }
                }
                defer { group.cancelAll() }
                try await waitUntil { taken.withLock { $0 } == 4 }
                #expect(taken.withLock { $0 } == 4, "every pooled connection could be taken")
                // When: a job is queued through A. Then: B's job workers are woken all the same.
                _ = try await replicas[0].jobs.enqueue([NewJob(kind: .enrich, payload: "pool taken")])
                #expect(await signalled(b.jobSignal, within: .seconds(20)), "B heard the notice")
            }
        }
    }

    @Test("A replica whose listening connection goes deaf listens again within its check interval and catches up",
          .timeLimit(.minutes(5)))
    func deafConnectionIsReplaced() async throws {
        let interval = Duration.milliseconds(250)
        try await withPostgresReplicas(2, relayCheckInterval: interval) { replicas, database in
            let a = replicas[0]
            let b = try #require(replicas[1] as? PostgresStore)
            let alice = try await a.newUser()
            let feed = b.feed.subscribe(userID: alice.id)

            // Given: B's listening connection stays open but hears nothing more.
            let deafPID = try await b.deafenListeningConnection()
            _ = await signalled(b.jobSignal, within: .milliseconds(1))  // earlier wake-ups

            // When: shares are made through A.
            var saved: [UUID] = []
            for number in 1...3 {
                saved.append(try await a.save(linkShare("https://example.com/deaf/\(number)"), for: alice).item.id)
            }

            // Then: within two check intervals (plus a margin for a loaded machine) B notices,
            // listens on a new connection, delivers every share in order once, and wakes its
            // job workers for what may have been queued meanwhile.
            let delivered = await events(feed, count: saved.count, within: interval * 2 + .seconds(15))
            #expect(delivered.map(\.itemId) == saved)
            #expect(await signalled(b.jobSignal, within: .seconds(5)), "B's job workers were woken after listening again")
            try await waitUntil {
                let listening = try await database.strings("""
                    SELECT pid::text FROM pg_stat_activity
                    WHERE datname = current_database() AND query LIKE '%pg_listening_channels%'
                      AND pid <> pg_backend_pid()
                    """)
                return listening.count == 2 && !listening.contains(String(deafPID))
            }
        }
    }
}
