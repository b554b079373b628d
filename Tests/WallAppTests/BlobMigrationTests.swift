import Foundation
import Testing
import WallApp
import WallStore

/// `BlobMigration` between two real folder stores (the PostgreSQL store is covered end to end by
/// `SharedBlobStoreTests`): copies what is missing, resumes, and counts a blob whose bytes don't
/// match its name as failed without leaving it in the destination.
@Suite struct BlobMigrationTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migration-\(UUID().uuidString)")

    private func stores() throws -> (FileBlobStore, FileBlobStore) {
        (try FileBlobStore(root: folder.appendingPathComponent("from")), try FileBlobStore(root: folder.appendingPathComponent("to")))
    }

    private func bytes(of hash: BlobHash, in blobs: any BlobStore) async throws -> Data? {
        guard let local = try await blobs.localFile(for: hash) else { return nil }
        defer { local.release() }
        return try Data(contentsOf: local.url)
    }

    @Test func copiesEveryReferencedAndStoredBlobThenCopiesNothingTheSecondTime() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (from, to) = try stores()
        let files = (1...5).map { seed in (0..<(70_000 + seed * 1_000)).map { UInt8(truncatingIfNeeded: $0 * seed) } }
        var refs: [BlobRef] = []
        for file in files { refs.append(try await from.store(file)) }
        let lost = BlobHash(hex: String(repeating: "a", count: 64))!
        let referenced = Set(refs.prefix(3).map(\.hash)).union([lost])
        let migration = BlobMigration(from: from, to: to) { referenced }

        var steps = 0
        let first = try await migration.run { _ in steps += 1 }
        #expect(first.total == 6)
        #expect(steps == 6)
        #expect(first.copied == 5)
        #expect(first.copiedBytes == refs.reduce(0) { $0 + $1.size })
        #expect(first.missing == [lost])
        #expect(first.failed.isEmpty)
        for (ref, file) in zip(refs, files) { #expect(try await bytes(of: ref.hash, in: to) == Data(file)) }

        let second = try await migration.run()
        #expect(second.copied == 0)
        #expect(second.present == 5)
        #expect(second.failed.isEmpty)
    }

    @Test func countsABlobWhoseBytesDoNotMatchItsNameAsFailedAndLeavesItOut() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (from, to) = try stores()
        let good = try await from.store(Array(repeating: UInt8(1), count: 1_000))
        let damaged = try await from.store(Array(repeating: UInt8(2), count: 1_000))
        let file = try #require(try await from.localFile(for: damaged.hash)).url
        try Data(repeating: 3, count: 1_000).write(to: file)
        let migration = BlobMigration(from: from, to: to) { [good.hash, damaged.hash] }

        let report = try await migration.run()
        #expect(report.copied == 1)
        #expect(report.failed.map(\.hash) == [damaged.hash])
        #expect(try await to.size(of: damaged.hash) == nil)
        #expect(try await to.size(of: good.hash) == 1_000)
    }

    @Test func replacesACopyOfTheWrongSize() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (from, to) = try stores()
        let ref = try await from.store(Array(repeating: UInt8(4), count: 5_000))
        let stored = try await to.store(Array(repeating: UInt8(4), count: 5_000))
        let cut = try #require(try await to.localFile(for: stored.hash)).url
        try Data(repeating: 4, count: 2_000).write(to: cut)
        let report = try await BlobMigration(from: from, to: to) { [ref.hash] }.run()
        #expect(report.copied == 1)
        #expect(try await to.size(of: ref.hash) == 5_000)
    }
}
