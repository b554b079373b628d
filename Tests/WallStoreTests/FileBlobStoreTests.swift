import Foundation
import NIOCore
import Testing
import WallStore

/// The file blob store: content addressing, dedup, atomic visibility, reading, sweeping.
@Suite struct FileBlobStoreTests {
    let folder: URL
    let blobs: FileBlobStore

    init() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
        blobs = try FileBlobStore(root: folder)
    }

    private func store(_ bytes: [UInt8]) async throws -> BlobRef {
        let upload = try await blobs.beginUpload()
        try await upload.write(bytes)
        return try await upload.commit()
    }

    @Test func namesABlobByTheSHA256OfItsBytes() async throws {
        let ref = try await store(Array("hello".utf8))
        #expect(ref.hash.hex == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        #expect(ref.size == 5)
        #expect(try await blobs.size(of: ref.hash) == 5)
    }

    @Test func storesTheSameBytesOnce() async throws {
        let first = try await store(Array(repeating: 7, count: 10_000))
        let second = try await store(Array(repeating: 7, count: 10_000))
        #expect(first == second)
        #expect(try await blobs.storedBlobs().count == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("tmp").path)
        #expect(leftovers.isEmpty)
    }

    @Test func showsNothingUntilCommitAndNothingAfterAbort() async throws {
        let upload = try await blobs.beginUpload()
        try await upload.write(Array(repeating: UInt8(1), count: 100))
        #expect(try await blobs.storedBlobs().isEmpty)
        await upload.abort()
        #expect(try await blobs.storedBlobs().isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("tmp").path)
        #expect(leftovers.isEmpty)
    }

    @Test func removesUploadsACrashLeftBehindWhenOpened() async throws {
        let stray = folder.appendingPathComponent("tmp/half-written")
        try Data([1, 2, 3]).write(to: stray)
        _ = try FileBlobStore(root: folder)
        #expect(!FileManager.default.fileExists(atPath: stray.path))
    }

    @Test func readsRanges() async throws {
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        let ref = try await store(bytes)
        let reader = try #require(try await blobs.open(ref.hash))
        defer { reader.close() }
        #expect(reader.size == 1000)
        #expect(Array(try await reader.read(offset: 10, length: 5).readableBytesView) == Array(bytes[10..<15]))
        #expect(Array(try await reader.read(offset: 995, length: 100).readableBytesView) == Array(bytes[995..<1000]))
        #expect(try await blobs.open(BlobHash(hex: String(repeating: "0", count: 64))!) == nil)
    }

    @Test func refusesHashesThatAreNotHexDigests() {
        #expect(BlobHash(hex: "../../etc/passwd") == nil)
        #expect(BlobHash(hex: String(repeating: "A", count: 64)) == nil)
        #expect(BlobHash(hex: String(repeating: "a", count: 63)) == nil)
    }

    @Test func sweepsOnlyUnreferencedBlobsOlderThanTheGrace() async throws {
        let kept = try await store([1])
        let dropped = try await store([2])
        let young = BlobSweeper(blobs: blobs, grace: .seconds(60)) { [kept.hash] }
        #expect(try await young.sweep().isEmpty)
        let later = BlobSweeper(blobs: blobs, grace: .seconds(60), clock: { Date().addingTimeInterval(120) }) { [kept.hash] }
        #expect(try await later.sweep() == [dropped.hash])
        #expect(try await blobs.size(of: kept.hash) == 1)
        #expect(try await blobs.size(of: dropped.hash) == nil)
    }
}
