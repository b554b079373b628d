import Foundation
import ShareKit
import Testing
import WallCore

@Suite struct BackgroundUploadTests {
    /// Records the uploads it is asked to start.
    final class RecordingUploader: BackgroundUploading {
        let started = Locked<[(request: HTTPRequestMessage, body: Data, shareID: UUID)]>([])
        let fails: Bool
        init(fails: Bool = false) { self.fails = fails }
        func startUpload(_ request: HTTPRequestMessage, bodyFile: URL, shareID: UUID) throws {
            struct Refused: Error {}
            if fails { throw Refused() }
            let body = try Data(contentsOf: bodyFile)
            started.withLock { $0.append((request, body, shareID)) }
        }
    }

    struct Fixture {
        let folder: TemporaryDirectory
        let transport: CannedTransport
        let delivery: Delivery<TestClock>
        let uploader: RecordingUploader
        let routed: RoutedDelivery<TestClock>

        init(failingUploader: Bool = false) throws {
            folder = try TemporaryDirectory()
            // Multipart bodies: the answer is made up rather than read from the request.
            transport = CannedTransport { request, _ in
                CannedTransport.json(201, BackgroundUploadTests.savedResponse(id: CannedTransport.shareID(in: request.body ?? Data()) ?? UUID()))
            }
            delivery = Delivery(
                outbox: try Outbox(directory: folder.url.appendingPathComponent("outbox")),
                client: WallAPIClient(server: URL(string: "https://wall.example.com")!, token: "dw_t", transport: transport),
                userID: UUID(), policy: .interactive, clock: TestClock(), random: { 0 }
            )
            uploader = RecordingUploader(fails: failingUploader)
            routed = RoutedDelivery(
                delivery: delivery, policy: BackgroundUploadPolicy(threshold: 1_000), uploader: uploader,
                uploadsDirectory: folder.url.appendingPathComponent("uploads")
            )
        }
    }

    static func savedResponse(id: UUID) -> ShareResponse {
        let item = Item(id: UUID(), kind: .image, wallId: UUID(), source: .iosShareExtension, createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        return ShareResponse(id: id, status: .saved, message: "Saved.", item: item, duplicate: false)
    }

    static func photo(bytes: Int) -> PendingShare {
        let file = AttachmentFile(source: .data(Data(repeating: 0xAB, count: bytes)), type: .jpeg, filename: "p.jpg")
        return PendingShare(request: ShareRequest(id: UUID.timeOrdered(), contentType: .image, source: .iosShareExtension), attachments: [file])
    }

    @Test func theFileBodyIsByteForByteTheInMemoryBody() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = folder.url.appendingPathComponent("big.bin")
        try Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: big)
        let small = folder.url.appendingPathComponent("s.txt")
        try Data("hi".utf8).write(to: small)
        let files = [UploadFile(fileURL: big, filename: "big \"1\".bin", mimeType: "application/octet-stream"), UploadFile(fileURL: small, filename: "s.txt", mimeType: "text/plain")]
        let metadata = Data(#"{"id":"x"}"#.utf8)
        let destination = folder.url.appendingPathComponent("out/body")
        let contentType = try MultipartFileWriter.write(metadata: metadata, files: files, to: destination, boundary: "b0undary")
        let inMemory = try MultipartBody(metadata: metadata, files: files, boundary: "b0undary")
        #expect(try Data(contentsOf: destination) == inMemory.data)
        #expect(contentType == inMemory.contentType)
    }

    @Test func largeSharesAreQueuedAndUploadedInTheBackgroundSmallOnesSentNow() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let small = Self.photo(bytes: 500)
        let large = Self.photo(bytes: 5_000)
        let results = await f.routed.deliver([large, small], within: .seconds(4))
        #expect(results.map(\.shareID) == [large.request.id, small.request.id], "results in the order given")
        #expect(results[0] == .queued(shareID: large.request.id, reason: nil))
        guard case .saved = results[1] else { Issue.record("\(results[1])"); return }
        let started = f.uploader.started.withLock { $0 }
        #expect(started.map(\.shareID) == [large.request.id])
        let upload = try #require(started.first)
        #expect(upload.request.url.absoluteString == "https://wall.example.com/v1/share")
        #expect(upload.request.headers["Authorization"] == "Bearer dw_t")
        #expect(upload.request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(upload.body.count > 5_000 && upload.request.body == nil)
        #expect(f.transport.requests.count == 1, "only the small share went over the transport")
        #expect(try f.delivery.outbox.snapshot().pending.map(\.share.id) == [large.request.id], "the large one waits in the outbox until its upload ends")
    }

    @Test func theUploadsResultSettlesItsEntry() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let shares = [Self.photo(bytes: 5_000), Self.photo(bytes: 5_000), Self.photo(bytes: 5_000)]
        _ = await f.routed.deliver(shares, within: .seconds(4))
        let saved = CannedTransport.json(201, Self.savedResponse(id: shares[0].request.id))
        guard case .saved? = f.delivery.settleUpload(shareID: shares[0].request.id, response: saved, error: nil) else { Issue.record("not saved"); return }
        let offline = f.delivery.settleUpload(shareID: shares[1].request.id, response: nil, error: URLError(.networkConnectionLost))
        guard case .queued(_, .offline?)? = offline else { Issue.record("\(String(describing: offline))"); return }
        let refused = f.delivery.settleUpload(shareID: shares[2].request.id, response: CannedTransport.error(413, .tooLarge, "Too big."), error: nil)
        #expect(refused == .failed(shareID: shares[2].request.id, error: .tooLarge("Too big.")))
        let snapshot = try f.delivery.outbox.snapshot()
        #expect(snapshot.pending.map(\.share.id) == [shares[1].request.id], "kept for a drain")
        #expect(snapshot.pending.first?.attempts == 1)
        #expect(snapshot.failed.map(\.share.id) == [shares[2].request.id])
        #expect(f.delivery.settleUpload(shareID: shares[0].request.id, response: saved, error: nil) == nil, "already settled")
    }

    /// A large share handed to a background upload, and its entry's lock held as a drain (another
    /// process) holds it while it looks at the entry.
    static func handedOverAndHeld(_ f: Fixture) async throws -> (share: PendingShare, held: OutboxClaim) {
        let large = Self.photo(bytes: 5_000)
        _ = await f.routed.deliver([large], within: .seconds(4))
        guard case .claimed(let held) = try f.delivery.outbox.claim(shareID: large.request.id) else {
            throw OutboxError(message: "the entry could not be claimed")
        }
        return (large, held)
    }

    @Test func anUploadsResultWaitsOutADrainLookingAtItsEntry() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        // Given: a drain has the entry's lock while it looks at it.
        let (large, held) = try await Self.handedOverAndHeld(f)
        let releasing = Thread { Thread.sleep(forTimeInterval: 0.2); try? held.release(recording: nil) }
        releasing.start()
        // When: the upload's result comes meanwhile. Then: it settles the entry once it is let go.
        let saved = CannedTransport.json(201, Self.savedResponse(id: large.request.id))
        let settled = f.delivery.settleUpload(shareID: large.request.id, response: saved, error: nil)
        guard case .saved(let id, _)? = settled else {
            Issue.record("not saved: \(String(describing: settled))")
            return
        }
        #expect(id == large.request.id)
        #expect(try f.delivery.outbox.snapshot().pending.isEmpty, "the entry is gone: the share is on the server")
    }

    @Test func anUploadsResultGivesUpOnAnEntryHeldPastItsPatience() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let (large, held) = try await Self.handedOverAndHeld(f)
        let saved = CannedTransport.json(201, Self.savedResponse(id: large.request.id))
        let started = ContinuousClock.now
        let settled = f.delivery.settleUpload(shareID: large.request.id, response: saved, error: nil, patience: .milliseconds(200))
        #expect(settled == nil, "not settled while another process holds the entry")
        #expect(ContinuousClock.now - started >= .milliseconds(200), "waited its patience out")
        try held.release(recording: nil)
        #expect(try f.delivery.outbox.snapshot().pending.map(\.share.id) == [large.request.id], "left for a drain")
    }

    @Test func anUploadThatCantStartLeavesTheShareForADrain() async throws {
        let f = try Fixture(failingUploader: true)
        defer { f.folder.remove() }
        let large = Self.photo(bytes: 5_000)
        #expect(await f.routed.deliver([large], within: .seconds(4)) == [.queued(shareID: large.request.id, reason: nil)])
        #expect(try f.delivery.outbox.snapshot().pending.map(\.handedOverAt) == [nil], "taken back")
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.folder.url.appendingPathComponent("uploads").path).isEmpty)
        #expect(await f.delivery.drain().progress.delivered == 1, "a drain sends it")
    }

    @Test func aDrainLeavesAShareHandedToAnUploadAlone() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let large = Self.photo(bytes: 5_000)
        _ = await f.routed.deliver([large], within: .seconds(4))
        let report = await f.delivery.drain()
        #expect(f.transport.requests.isEmpty, "not uploaded a second time")
        #expect(report.busy == 1 && report.remaining == 1)
        let entry = try #require(try f.delivery.outbox.snapshot().pending.first)
        #expect(entry.handedOverAt != nil && entry.attempts == 0)
    }

    @Test func cancellingTheSheetLeavesAShareHandedToAnUploadToIt() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let large = Self.photo(bytes: 5_000)
        _ = await f.routed.deliver([large], within: .seconds(4))
        await f.delivery.withdraw(shareIDs: [large.request.id])
        #expect(try f.delivery.outbox.snapshot().pending.map(\.share.id) == [large.request.id], "on its way: its result settles it")
        let saved = CannedTransport.json(201, Self.savedResponse(id: large.request.id))
        guard case .saved? = f.delivery.settleUpload(shareID: large.request.id, response: saved, error: nil) else {
            Issue.record("the upload's result found no entry")
            return
        }
    }

    @Test func tryingAgainLeavesAShareHandedToAnUploadToIt() async throws {
        // The sheet's Try Again (a small share of the same post failed) withdraws what is queued
        // and delivers the rest again, the handed-over share among them.
        let f = try Fixture()
        defer { f.folder.remove() }
        let large = Self.photo(bytes: 5_000)
        _ = await f.routed.deliver([large], within: .seconds(4))
        await f.delivery.withdraw(shareIDs: [large.request.id])
        let again = await f.routed.deliver([large], within: .seconds(4))
        #expect(again == [.queued(shareID: large.request.id, reason: nil)])
        #expect(f.uploader.started.withLock { $0.count } == 1, "uploaded once, not 25 MB twice")
        let pending = try f.delivery.outbox.snapshot().pending
        #expect(pending.map(\.share.id) == [large.request.id] && pending.first?.handedOverAt != nil, "still the upload's")
    }

    @Test func anUploadThatFailsGivesTheShareBackToTheDrain() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let large = Self.photo(bytes: 5_000)
        _ = await f.routed.deliver([large], within: .seconds(4))
        _ = f.delivery.settleUpload(shareID: large.request.id, response: nil, error: URLError(.notConnectedToInternet))
        #expect(try f.delivery.outbox.snapshot().pending.map(\.handedOverAt) == [nil])
        #expect(await f.delivery.drain().progress.delivered == 1)
        #expect(f.transport.requests.count == 1)
    }

    @Test func aHandoverThatOutlivesItsLifetimeIsTakenBackByADrain() async throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        _ = await f.routed.deliver([Self.photo(bytes: 5_000)], within: .seconds(4))
        var nextDay = f.delivery
        nextDay.now = { Date().addingTimeInterval(24 * 3_600 + 60) }
        #expect(await nextDay.drain().progress.delivered == 1)
        var clockSetBack = f.delivery
        clockSetBack.now = { Date().addingTimeInterval(-(24 * 3_600 + 60)) }
        _ = await f.routed.deliver([Self.photo(bytes: 5_000)], within: .seconds(4))
        #expect(await clockSetBack.drain().progress.delivered == 1, "a mark a day in the future has expired too")
    }

    @Test func theHandoverLifetimeIsTheUploadSessionsResourceTimeout() {
        #expect(BackgroundUploadPolicy.standard.handoverLifetimeSeconds == 86_400)
        #expect(BackgroundUploadPolicy(threshold: 1, handoverLifetime: .milliseconds(1_500)).handoverLifetimeSeconds == 1.5)
    }

    @Test func sizeDecidesTheRouteAndAnUnreadableFileCountsAsLarge() {
        let policy = BackgroundUploadPolicy(threshold: 10)
        #expect(!policy.isLarge(Self.photo(bytes: 10)))
        #expect(policy.isLarge(Self.photo(bytes: 11)))
        let missing = AttachmentFile(source: .file(URL(fileURLWithPath: "/nonexistent/x.mov")), type: .movie, filename: "x.mov")
        #expect(policy.isLarge(PendingShare(request: ShareRequest(contentType: .file), attachments: [missing])))
        #expect(!policy.isLarge(PendingShare(request: ShareRequest(contentType: .text, text: "t"))))
    }
}
