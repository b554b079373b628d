import Foundation
@testable import ShareKit
import Testing
import WallCore

/// The outbox's normal life: enqueue, claim, complete, release, fail.
@Suite struct OutboxTests {
    static func link(_ n: Int, at date: Date = Date()) -> PendingShare {
        PendingShare(request: ShareRequest(
            id: UUID.timeOrdered(at: date), contentType: .url, url: "https://example.com/\(n)", timestamp: date, source: .cli
        ))
    }

    @Test func anEnqueuedShareIsOneOwnerOnlyFileNamedOldestFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let later = Date(timeIntervalSince1970: 1_800_000_100), earlier = Date(timeIntervalSince1970: 1_800_000_000)
        let second = try outbox.enqueue(Self.link(2, at: later), now: later)
        let first = try outbox.enqueue(Self.link(1, at: earlier), now: earlier)
        try second.release(recording: nil)
        try first.release(recording: nil)

        let names = try outbox.pendingNames()
        #expect(names == [first.name, second.name])
        #expect(first.name == "1800000000000-\(first.entry.share.id.uuidString).share")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/" + first.name)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let snapshot = try outbox.snapshot()
        #expect(snapshot.pending.map(\.share.url) == ["https://example.com/1", "https://example.com/2"])
        #expect(snapshot.pending.allSatisfy { $0.attempts == 0 && $0.lastError == nil })
    }

    @Test func anEntryIsSentByOneHolderAtATime() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let app = try Outbox(directory: folder.url)
        let ext = try Outbox(directory: folder.url)  // a second process's view of the same folder
        let held = try app.enqueue(Self.link(1))
        guard case .busy = try ext.claim(held.name) else { Issue.record("a held entry must be busy"); return }
        try held.release(recording: nil)
        guard case .claimed(let claim) = try ext.claim(held.name) else { Issue.record("released entry not claimable"); return }
        #expect(claim.entry == held.entry)
        guard case .busy = try app.claim(shareID: held.entry.share.id) else { Issue.record("claimed twice"); return }
        try claim.complete()
        guard case .gone = try app.claim(held.name) else { Issue.record("a completed entry must be gone"); return }
        #expect(try app.pendingNames().isEmpty)
    }

    @Test func releasingRecordsTheAttemptAndKeepsTheShare() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let claim = try outbox.enqueue(Self.link(1))
        let when = Date(timeIntervalSince1970: 1_800_000_500)
        try claim.release(recording: .offline("connection refused"), at: when)
        guard case .claimed(let again) = try outbox.claim(claim.name) else { Issue.record("not pending"); return }
        #expect(again.entry.attempts == 1)
        #expect(again.entry.lastAttemptAt == when)
        #expect(again.entry.lastError == ShareError.offline("connection refused").description)
        #expect(again.entry.share == claim.entry.share)
        try again.release(recording: .unavailable(retryAfter: .seconds(2)))
        #expect(try outbox.snapshot().pending.first?.attempts == 2)
    }

    @Test func aPermanentRefusalMovesTheShareToFailedWithItsFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        var share = Self.link(1)
        share.request.contentType = .image
        share.attachments = [AttachmentFile(source: .data(Data([1, 2, 3])), type: .png, filename: "dot.png")]
        let claim = try outbox.enqueue(share)
        try claim.fail(.tooLarge("Too big."))
        #expect(try outbox.pendingNames().isEmpty)
        let snapshot = try outbox.snapshot()
        #expect(snapshot.failed.map(\.share.id) == [share.request.id])
        #expect(snapshot.failed.first?.lastError == "Too big.")
        #expect(try outbox.failedEntry(shareID: share.request.id)?.lastError == "Too big.", "found by its share's id")
        #expect(try outbox.failedEntry(shareID: UUID()) == nil)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/failed/" + OutboxLayout.stem(of: claim.name) + ".files/0.png"))
        try outbox.discardFailed()
        #expect(try outbox.snapshot().failed.isEmpty)
    }

    @Test func attachmentsAreCopiedBesideTheShare() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url.appendingPathComponent("outbox"))
        let original = folder.url.appendingPathComponent("scan.pdf")
        try Data("%PDF-1.7 scan".utf8).write(to: original)
        var share = Self.link(1)
        share.request.contentType = .file
        share.attachments = [
            AttachmentFile(source: .file(original), type: .pdf, filename: "scan.pdf"),
            AttachmentFile(source: .data(Data([0xFF, 0xD8])), type: .jpeg, filename: "photo.jpg"),
        ]
        let claim = try outbox.enqueue(share)
        try FileManager.default.removeItem(at: original)  // the share sheet's temporary file goes away

        #expect(claim.entry.attachments.map(\.storedName) == ["0.pdf", "1.jpeg"])
        let uploads = claim.uploads
        #expect(uploads.map(\.filename) == ["scan.pdf", "photo.jpg"])
        #expect(uploads.map(\.mimeType) == ["application/pdf", "image/jpeg"])
        #expect(try Data(contentsOf: uploads[0].fileURL) == Data("%PDF-1.7 scan".utf8))
        #expect(try Data(contentsOf: uploads[1].fileURL) == Data([0xFF, 0xD8]))
        try claim.complete()
        #expect(!FileManager.default.fileExists(atPath: uploads[0].fileURL.deletingLastPathComponent().path))
    }

    @Test func aMissingAttachmentFailsTheEnqueueAndLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        var share = Self.link(1)
        share.attachments = [AttachmentFile(source: .file(folder.url.appendingPathComponent("gone.png")), type: .png, filename: "gone.png")]
        #expect(throws: OutboxError.self) { try outbox.enqueue(share) }
        #expect(try outbox.pendingNames().isEmpty)
        try outbox.sweep()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/tmp").isEmpty)
    }
}
