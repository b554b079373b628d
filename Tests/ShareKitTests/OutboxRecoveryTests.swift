import Foundation
@testable import ShareKit
import Testing
import WallCore

/// What interrupted writers and damaged files leave behind, and how the outbox copes.
@Suite struct OutboxRecoveryTests {
    @Test func aFileCutShortMidWriteIsMovedAsideAndTheRestStillGo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let goodDate = Date(timeIntervalSince1970: 1_800_000_002)
        let good = try outbox.enqueue(OutboxTests.link(1, at: goodDate), now: goodDate)
        try good.release(recording: nil)
        // A share written by something that did not use a temporary file, cut short by a crash.
        let whole = try OutboxEntry(share: OutboxTests.link(2).request, enqueuedAt: Date()).encoded()
        let cutName = OutboxLayout.name(shareID: UUID(), enqueuedAt: Date(timeIntervalSince1970: 1_800_000_001))
        try whole.prefix(whole.count / 2).write(to: folder.url.appendingPathComponent(cutName))
        let emptyName = OutboxLayout.name(shareID: UUID(), enqueuedAt: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(FileManager.default.createFile(atPath: folder.path + "/" + emptyName, contents: Data()))

        let before = try outbox.snapshot()
        #expect(before.pending.count == 1)
        #expect(before.unreadable == [emptyName, cutName])

        let names = try outbox.pendingNames()
        #expect(names == [emptyName, cutName, good.name], "the damaged files sort first and must not block the good one")
        guard case .damaged(let empty) = try outbox.claim(names[0]) else { Issue.record("empty file not reported"); return }
        #expect(empty.reason == "The file is empty.")
        guard case .damaged(let cut) = try outbox.claim(names[1]) else { Issue.record("cut file not reported"); return }
        #expect(cut.name == cutName)
        #expect(cut.reason.contains("not a readable share"))
        guard case .claimed = try outbox.claim(names[2]) else { Issue.record("the good share must still be claimable"); return }

        let after = try outbox.snapshot()
        #expect(after.damaged == [emptyName, cutName])
        #expect(after.unreadable.isEmpty)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("damaged/" + cutName)) == whole.prefix(whole.count / 2))
    }

    @Test func aFileOfANewerFormatIsMovedAsideNotMisread() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        var entry = OutboxEntry(share: OutboxTests.link(1).request, enqueuedAt: Date())
        entry.format = OutboxEntry.currentFormat + 1
        let name = OutboxLayout.name(shareID: entry.share.id, enqueuedAt: entry.enqueuedAt)
        try entry.encoded().write(to: folder.url.appendingPathComponent(name))
        guard case .damaged(let damaged) = try outbox.claim(name) else { Issue.record("expected damaged"); return }
        #expect(damaged.reason.contains("format \(OutboxEntry.currentFormat + 1)"))
    }

    @Test func aTemporaryFileLeftByAKilledWriterIsNeverPendingAndIsSwept() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let whole = try OutboxEntry(share: OutboxTests.link(1).request, enqueuedAt: Date()).encoded()
        try whole.prefix(10).write(to: folder.url.appendingPathComponent("tmp/0190-killed.tmp"))
        try FileManager.default.createDirectory(atPath: folder.path + "/tmp/0190-killed.files", withIntermediateDirectories: true)
        #expect(try outbox.pendingNames().isEmpty)
        #expect(try outbox.sweep())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/tmp").isEmpty)
    }

    @Test func aSweepWaitsForWritersToFinish() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        try Data("half".utf8).write(to: folder.url.appendingPathComponent("tmp/in-progress.tmp"))
        let ran = try outbox.withWriterLock { () throws(OutboxError) -> Bool in try outbox.sweep() }
        #expect(!ran, "a writer holds the folder's lock: nothing is swept under it")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/tmp/in-progress.tmp"))
        #expect(try outbox.sweep())
    }

    @Test func orphanedAttachmentFoldersGoWhereTheirShareWent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let failedName = OutboxLayout.name(shareID: UUID(), enqueuedAt: Date())
        let lostName = OutboxLayout.name(shareID: UUID(), enqueuedAt: Date())
        // A refusal interrupted after its entry reached failed/, and an enqueue that never landed.
        try OutboxEntry(share: OutboxTests.link(1).request, enqueuedAt: Date()).encoded()
            .write(to: folder.url.appendingPathComponent("failed/" + failedName))
        for name in [failedName, lostName] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + OutboxLayout.stem(of: name) + ".files", withIntermediateDirectories: true)
        }
        try outbox.sweep()
        let stem = OutboxLayout.stem(of: failedName)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/failed/\(stem).files"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/\(stem).files"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/" + OutboxLayout.stem(of: lostName) + ".files"))
    }
}
