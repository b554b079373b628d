import Foundation
import ShareKit
import Testing
import WallCore

/// `deliver`: into the outbox first, then to the server within a deadline.
@Suite struct DeliveryTests {
    struct Fixture {
        let folder: TemporaryDirectory
        let outbox: Outbox
        let clock = TestClock()
        let transport: CannedTransport
        let delivery: Delivery<TestClock>

        init(latency: Duration = .zero, _ responder: @escaping CannedTransport.Responder) throws {
            folder = try TemporaryDirectory()
            outbox = try Outbox(directory: folder.url)
            transport = CannedTransport(clock: clock, latency: latency, responder)
            delivery = Delivery(
                outbox: outbox, client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
                userID: UUID(), policy: .interactive, clock: clock, random: { 0 }
            )
        }
    }

    static func text(_ words: String) -> PendingShare {
        PendingShare(request: ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: words, source: .cli))
    }

    @Test func savedMeansTheServerHasItAndTheOutboxDoesNot() async throws {
        let f = try Fixture { request, _ in CannedTransport.saved(request) }
        defer { f.folder.remove() }
        let share = Self.text("hello")
        let results = await f.delivery.deliver([share], within: .seconds(4))
        guard case .saved(let id, let response?) = results.first else { Issue.record("\(results)"); return }
        #expect(id == share.request.id && response.id == id)
        #expect(try f.outbox.pendingNames().isEmpty)
    }

    @Test func offlineMeansQueuedAfterAFewQuickTries() async throws {
        let f = try Fixture { _, _ in throw URLError(.cannotConnectToHost) }
        defer { f.folder.remove() }
        let share = Self.text("on the train")
        let results = await f.delivery.deliver([share], within: .seconds(4))
        guard case .queued(let id, .offline?) = results.first else { Issue.record("\(results)"); return }
        #expect(id == share.request.id)
        #expect(f.transport.requests.count == RetryPolicy.interactive.maxAttempts)
        #expect(f.clock.sleeps == [.milliseconds(250), .milliseconds(500)])
        let pending = try f.outbox.snapshot().pending
        #expect(pending.map(\.share) == [share.request])
        #expect(pending.first?.attempts == 1)
        #expect(pending.first?.userID == f.delivery.userID, "stored for the signed-in account")
    }

    @Test func aPageAnsweringInsteadOfTheServerLeavesTheShareQueued() async throws {
        let f = try Fixture { _, _ in HTTPResponseMessage(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Maintenance</html>".utf8)) }
        defer { f.folder.remove() }
        let share = Self.text("during the proxy's maintenance")
        let results = await f.delivery.deliver([share], within: .seconds(4))
        guard case .queued(let id, .offline?) = results.first else { Issue.record("\(results)"); return }
        #expect(id == share.request.id)
        #expect(try f.outbox.snapshot().pending.map(\.share) == [share.request], "kept, to be sent again")
    }

    @Test func theDeadlineBoundsTheWholeAttempt() async throws {
        let f = try Fixture(latency: .seconds(1)) { _, _ in CannedTransport.error(503, .unavailable, headers: ["Retry-After": "1"]) }
        defer { f.folder.remove() }
        let results = await f.delivery.deliver([Self.text("x")], within: .milliseconds(2_500))
        // 1 s answer (503, Retry-After 1), 1 s wait, then the 0.5 s left runs out mid-request.
        guard case .queued(_, .timedOut?) = results.first else { Issue.record("\(results)"); return }
        #expect(f.transport.requests.map(\.timeout) == [.milliseconds(2_500), .milliseconds(500)])
        #expect(f.clock.sleeps == [.seconds(1)])
        #expect(f.clock.elapsed == .milliseconds(2_500))
    }

    @Test func anInvalidShareIsRefusedAndNeverStored() async throws {
        let f = try Fixture { request, _ in CannedTransport.saved(request) }
        defer { f.folder.remove() }
        let noURL = PendingShare(request: ShareRequest(contentType: .url, source: .cli))
        let results = await f.delivery.deliver([noURL], within: .seconds(4))
        #expect(results == [.failed(shareID: noURL.request.id, error: .invalid(field: "url", message: "url is required for a url share."))])
        #expect(f.transport.requests.isEmpty)
        #expect(try f.outbox.pendingNames().isEmpty)
    }

    @Test func aServerRefusalRemovesTheShare() async throws {
        let f = try Fixture { _, _ in CannedTransport.error(404, .notFound, "No such wall.", field: "wall") }
        defer { f.folder.remove() }
        let results = await f.delivery.deliver([Self.text("x")], within: .seconds(4))
        guard case .failed(_, .notFound(field: "wall", _)) = results.first else { Issue.record("\(results)"); return }
        let snapshot = try f.outbox.snapshot()
        #expect(snapshot.pending.isEmpty && snapshot.failed.isEmpty, "the person was told at once; nothing is kept")
    }

    @Test func aRefusedTokenKeepsTheShareForAfterSignIn() async throws {
        let f = try Fixture { _, _ in CannedTransport.error(401, .unauthorized, "Token revoked.") }
        defer { f.folder.remove() }
        let first = Self.text("one"), second = Self.text("two")
        let results = await f.delivery.deliver([first, second], within: .seconds(4))
        #expect(results == [
            .queued(shareID: first.request.id, reason: .unauthorized("Token revoked.")),
            .queued(shareID: second.request.id, reason: .unauthorized("Token revoked.")),
        ])
        #expect(f.transport.requests.count == 1, "once the token is refused the rest wait without trying")
        #expect(try f.outbox.pendingNames().count == 2)
    }

    @Test func queueOnlyStoresWithoutSending() async throws {
        let f = try Fixture { request, _ in CannedTransport.saved(request) }
        defer { f.folder.remove() }
        let share = Self.text("later")
        #expect(f.delivery.queue([share]) == [.queued(shareID: share.request.id, reason: nil)])
        #expect(f.transport.requests.isEmpty)
        #expect(try f.outbox.snapshot().pending.first?.attempts == 0)
    }

    @Test func withdrawTakesQueuedSharesBack() async throws {
        let f = try Fixture { _, _ in throw URLError(.timedOut) }
        defer { f.folder.remove() }
        let share = Self.text("oops")
        _ = await f.delivery.deliver([share], within: .seconds(4))
        #expect(try f.outbox.pendingNames().count == 1)
        await f.delivery.withdraw(shareIDs: [share.request.id])
        #expect(try f.outbox.pendingNames().isEmpty)
    }
}
