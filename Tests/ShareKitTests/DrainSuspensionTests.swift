import Foundation
import ShareKit
import Testing
import WallCore

/// A drain never holds an entry's lock while it waits (iOS ends an app suspended holding a lock
/// in the App Group with `0xdead10cc`), and a budget bounds it.
@Suite struct DrainSuspensionTests {
    /// A `TestClock` that, at every wait, checks whether another process could take the entry
    /// right now (a second descriptor's `flock` in this process conflicts like another process's).
    final class ProbingClock: Clock, Sendable {
        let base = TestClock()
        let probe: @Sendable () -> Bool
        let lockedDuringWaits = Locked<[Bool]>([])

        init(probe: @escaping @Sendable () -> Bool) { self.probe = probe }

        var now: TestClock.Instant { base.now }
        var minimumResolution: Duration { .zero }

        func sleep(until deadline: TestClock.Instant, tolerance: Duration?) async throws {
            let free = probe()
            lockedDuringWaits.withLock { $0.append(!free) }
            try await base.sleep(until: deadline, tolerance: tolerance)
        }
    }

    static let policy = RetryPolicy(maxAttempts: 3, initialDelay: .seconds(30), maxDelay: .seconds(120), jitter: 0, maxRetryAfter: .seconds(120))

    static func queueOne(in outbox: Outbox) throws -> UUID {
        let share = PendingShare(request: ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: "on the train", source: .iosShareExtension))
        try outbox.enqueue(share).release(recording: nil)
        return share.request.id
    }

    @Test func theEntryIsFreeDuringEveryWaitBetweenTries() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let id = try Self.queueOne(in: outbox)
        let observer = try Outbox(directory: folder.url)
        let clock = ProbingClock {
            guard case .claimed(let claim)? = try? observer.claim(shareID: id) else { return false }
            try? claim.release(recording: nil)
            return true
        }
        let transport = CannedTransport { request, index in
            index < 2 ? CannedTransport.error(503, .unavailable, "restarting") : CannedTransport.saved(request)
        }
        let delivery = Delivery(
            outbox: outbox, client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
            userID: nil, policy: Self.policy, clock: clock, random: { 0 }
        )
        let report = await delivery.drain(concurrency: 1)
        #expect(report.progress.delivered == 1)
        #expect(transport.requests.count == 3)
        #expect(clock.lockedDuringWaits.withLock { $0 } == [false, false], "two waits, neither holding the lock")
        #expect(try outbox.pendingNames().isEmpty)
    }

    @Test func theShareSheetsQuickTriesLetGoBetweenTriesToo() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let share = PendingShare(request: ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: "quick", source: .iosShareExtension))
        let observer = try Outbox(directory: folder.url)
        let clock = ProbingClock {
            guard case .claimed(let claim)? = try? observer.claim(shareID: share.request.id) else { return false }
            try? claim.release(recording: nil)
            return true
        }
        let transport = CannedTransport { _, _ in throw URLError(.cannotConnectToHost) }
        let delivery = Delivery(
            outbox: outbox, client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
            userID: nil, policy: .interactive, clock: clock, random: { 0 }
        )
        let results = await delivery.deliver([share], within: .seconds(4))
        guard case .queued(_, .offline?) = results.first else { Issue.record("\(results)"); return }
        #expect(clock.lockedDuringWaits.withLock { $0 } == [false, false])
        #expect(try outbox.snapshot().pending.map(\.attempts) == [1], "the failure is still recorded once")
    }

    /// The share sheet's delivery of one share whose every request times out, while the app,
    /// at the sheet's first wait, claims the share and does `appDoes` with it; the results and
    /// the requests sent.
    static func sheetRacingTheApp(
        _ text: String, appDoes: @escaping @Sendable (OutboxClaim) -> Void
    ) async throws -> (share: PendingShare, results: [DeliveryResult], requests: Int) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let share = PendingShare(request: ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: text, source: .iosShareExtension))
        let app = try Outbox(directory: folder.url)
        let clock = ProbingClock {
            guard case .claimed(let claim)? = try? app.claim(shareID: share.request.id) else { return false }
            appDoes(claim)
            return true
        }
        let transport = CannedTransport { _, _ in throw URLError(.timedOut) }
        let delivery = Delivery(
            outbox: outbox, client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
            userID: nil, policy: .interactive, clock: clock, random: { 0 }
        )
        let results = await delivery.deliver([share], within: .seconds(4))
        return (share, results, transport.requests.count)
    }

    @Test func whenTheAppTakesTheShareDuringAWaitTheSheetSaysItIsOnItsWay() async throws {
        // The app's drain delivers it during the sheet's first wait.
        let (share, results, requests) = try await Self.sheetRacingTheApp("raced") { try? $0.complete() }
        #expect(results == [.saved(shareID: share.request.id, response: nil)])
        #expect(requests == 1)
    }

    @Test func whenTheAppMeetsARefusalDuringAWaitTheSheetSaysSo() async throws {
        let refusal = ShareError.unsupported("The server does not take this.")
        // The app's drain is refused for good during the sheet's first wait.
        let (share, results, _) = try await Self.sheetRacingTheApp("refused") { try? $0.fail(refusal) }
        #expect(results == [.failed(shareID: share.request.id, error: .invalid(field: nil, message: refusal.description))], "not saved")
    }

    @Test func aShareSentElsewhereDuringAWaitIsNotSentAgain() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let id = try Self.queueOne(in: outbox)
        let elsewhere = try Outbox(directory: folder.url)
        // During the first wait, another process delivers the share and removes it.
        let clock = ProbingClock {
            guard case .claimed(let claim)? = try? elsewhere.claim(shareID: id) else { return false }
            try? claim.complete()
            return true
        }
        let transport = CannedTransport { _, _ in throw URLError(.networkConnectionLost) }
        let delivery = Delivery(
            outbox: outbox, client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
            userID: nil, policy: Self.policy, clock: clock, random: { 0 }
        )
        let report = await delivery.drain(concurrency: 1)
        #expect(transport.requests.count == 1, "not sent again once it was gone")
        #expect(report.stoppedBy == nil && report.progress.skipped == 1)
    }

    @Test func aBudgetBoundsEveryRequestAndStopsTheDrainWhenSpent() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        for _ in 0..<3 { _ = try Self.queueOne(in: outbox) }
        let clock = TestClock()
        // Each request takes 10 s of the clock; the budget is 25 s.
        let transport = CannedTransport(clock: clock, latency: .seconds(10)) { request, _ in CannedTransport.saved(request) }
        let delivery = Delivery(
            outbox: outbox, client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
            userID: nil, policy: Self.policy, clock: clock, random: { 0 }
        )
        let report = await delivery.drain(concurrency: 1, within: .seconds(25))
        #expect(transport.requests.map(\.timeout) == [.seconds(25), .seconds(15), .seconds(5)])
        #expect(report.progress.delivered == 2)
        #expect(report.stoppedBy == .timedOut)
        #expect(report.remaining == 1)
        let pending = try outbox.snapshot().pending
        #expect(pending.count == 1 && pending.first?.attempts == 1, "the last one stays, its timeout recorded")
    }
}
