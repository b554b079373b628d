import Foundation
import ShareKit
import Testing
import WallCore

/// `drain`: everything pending, oldest first, a few at a time, stopping early when it must.
@Suite struct DrainTests {
    static let policy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: 0, maxRetryAfter: .seconds(30))
    static let me = UUID()

    struct Fixture {
        let folder: TemporaryDirectory
        let outbox: Outbox
        let clock = TestClock()

        init() throws {
            folder = try TemporaryDirectory()
            outbox = try Outbox(directory: folder.url)
        }

        func delivery(_ transport: any HTTPTransport, userID: UUID = DrainTests.me) -> Delivery<TestClock> {
            Delivery(
                outbox: outbox, client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
                userID: userID, policy: DrainTests.policy, clock: clock, random: { 0 }
            )
        }

        /// Queues `count` text shares, the first oldest; returns their ids in that order.
        @discardableResult
        func queue(_ count: Int, userID: UUID? = DrainTests.me) throws -> [UUID] {
            try (0..<count).map { index in
                let date = Date(timeIntervalSince1970: 1_800_000_000 + Double(index))
                let share = PendingShare(
                    request: ShareRequest(id: UUID.timeOrdered(at: date), contentType: .text, text: "share \(index)", source: .cli),
                    userID: userID
                )
                try outbox.enqueue(share, now: date).release(recording: nil)
                return share.request.id
            }
        }
    }

    @Test func sendsOldestFirstAndEmptiesTheOutbox() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let ids = try f.queue(6)
        let transport = CannedTransport { request, _ in CannedTransport.saved(request) }
        let seen = Locked<[DrainProgress]>([])
        let report = await f.delivery(transport).drain(concurrency: 1) { progress in seen.withLock { $0.append(progress) } }
        #expect(transport.requests.compactMap { CannedTransport.share(in: $0)?.id } == ids)
        #expect(report.progress == DrainProgress(total: 6, delivered: 6))
        #expect(report.remaining == 0 && report.stoppedBy == nil)
        #expect(seen.withLock { $0.map(\.done) } == [1, 2, 3, 4, 5, 6])
        #expect(try f.outbox.pendingNames().isEmpty)
    }

    @Test(.timeLimit(.minutes(5))) func sendsExactlyConcurrencyAtATime() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        try f.queue(12)
        let transport = GatedTransport(width: 3)
        let report = await f.delivery(transport).drain(concurrency: 3)
        #expect(report.progress.delivered == 12)
        #expect(await transport.maxInFlight == 3)
    }

    @Test func aRefusedTokenStopsTheDrainAndKeepsEverything() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        try f.queue(20)
        let transport = CannedTransport { _, _ in CannedTransport.error(401, .unauthorized, "Revoked.") }
        let report = await f.delivery(transport).drain(concurrency: 4)
        #expect(report.stoppedBy == .unauthorized("Revoked."))
        #expect(report.tokenRefusal == TokenRefusal(.unauthorized("Revoked."), token: "t"), "names the refused token, so a later account stays signed in")
        #expect(transport.requests.count <= 4, "no new share is started after the 401")
        #expect(report.remaining == 20)
        #expect(f.clock.sleeps.isEmpty, "a 401 is not retried")
    }

    @Test func anUnreachableServerStopsTheDrainAfterOneShareUsesItsRetries() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        try f.queue(10)
        let transport = CannedTransport { _, _ in throw URLError(.cannotConnectToHost) }
        let report = await f.delivery(transport).drain(concurrency: 1)
        #expect(transport.requests.count == Self.policy.maxAttempts)
        #expect(report.remaining == 10)
        guard case .offline? = report.stoppedBy else { Issue.record("\(String(describing: report.stoppedBy))"); return }
        #expect(try f.outbox.snapshot().pending.first?.attempts == 1)
    }

    @Test func aRetryAfterHoldsEverySenderBackInsteadOfHammering() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        try f.queue(20)
        let clock = f.clock
        let refused = Locked(0)
        // The server takes nothing for the first 5 s.
        let transport = CannedTransport(clock: clock) { request, _ in
            guard clock.elapsed >= .seconds(5) else {
                refused.withLock { $0 += 1 }
                return CannedTransport.error(429, .rateLimited, headers: ["Retry-After": "5"])
            }
            return CannedTransport.saved(request)
        }
        let report = await f.delivery(transport).drain(concurrency: 4)
        #expect(report.progress.delivered == 20 && report.remaining == 0)
        let limited = refused.withLock { $0 }
        #expect(limited >= 1 && limited <= 4, "at most one 429 per sender: \(limited)")
        #expect(transport.requests.count == 20 + limited)
        #expect(transport.sentAt.allSatisfy { $0 == .zero || $0 >= .seconds(5) }, "nothing is sent while the wait is on: \(transport.sentAt)")
        #expect(clock.elapsed >= .seconds(5))
    }

    @Test func refusalsMoveToFailedAndTheDrainGoesOn() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let ids = try f.queue(3)
        let transport = CannedTransport { request, _ in
            CannedTransport.share(in: request)?.id == ids[1]
                ? CannedTransport.error(409, .conflict, "Same id, other content.") : CannedTransport.saved(request)
        }
        let report = await f.delivery(transport).drain(concurrency: 1)
        #expect(report.progress == DrainProgress(total: 3, delivered: 2, failed: 1))
        #expect(report.refused == [DrainReport.Refusal(shareID: ids[1], error: .conflict(code: .conflict, message: "Same id, other content."))])
        #expect(try f.outbox.snapshot().failed.map(\.share.id) == [ids[1]])
    }

    @Test func aShareWhoseItemWasDeletedCountsAsDelivered() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        try f.queue(1)
        let transport = CannedTransport { _, _ in CannedTransport.error(409, .shareDeleted, "Deleted since.") }
        let report = await f.delivery(transport).drain()
        #expect(report.progress.delivered == 1 && report.refused.isEmpty)
        #expect(try f.outbox.snapshot() == OutboxSnapshot())
    }

    @Test func damagedFilesAreReportedAndDoNotBlockTheRest() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        try f.queue(2)
        try Data("{\"format\":1,\"sha".utf8).write(to: f.folder.url.appendingPathComponent("0000000000001-cut.share"))
        let transport = CannedTransport { request, _ in CannedTransport.saved(request) }
        let report = await f.delivery(transport).drain(concurrency: 1)
        #expect(report.damaged.map(\.name) == ["0000000000001-cut.share"])
        #expect(report.progress == DrainProgress(total: 3, delivered: 2, skipped: 1))
        #expect(report.remaining == 0)
        #expect(try f.outbox.snapshot().damaged == ["0000000000001-cut.share"])
    }

    @Test func sharesOfAnotherAccountAndSharesInFlightElsewhereAreLeft() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        try f.queue(1, userID: UUID())
        let held = try f.outbox.enqueue(PendingShare(request: ShareRequest(contentType: .text, text: "in flight", source: .cli)))
        let transport = CannedTransport { request, _ in CannedTransport.saved(request) }
        let report = await f.delivery(transport).drain()
        #expect(report.otherAccount == 1 && report.busy == 1)
        #expect(transport.requests.isEmpty)
        #expect(report.remaining == 2)
        try held.release(recording: nil)
    }
}
