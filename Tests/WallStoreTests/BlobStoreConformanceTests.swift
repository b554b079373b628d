import Foundation
import NIOCore
import Testing
import WallCore
import WallStore

/// What every blob store promises, run on each (`BlobStoreFactory.all`): content addressing,
/// one copy per content, nothing visible before commit or after abort, whole and ranged reads,
/// sizes, removal, sweeping, and uploads a killed process left cleared.
@Suite struct BlobStoreConformanceTests {
    /// Bytes that differ at every position for a good while (so a wrong offset shows).
    static func pattern(_ count: Int, seed: Int = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31 &+ seed &* 7) % 251) }
    }

    /// Writes `bytes` in pieces of `piece` bytes and commits.
    static func store(_ bytes: [UInt8], in blobs: any BlobStore, piece: Int = 777) async throws -> BlobRef {
        let upload = try await blobs.beginUpload()
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            try await upload.write(bytes[offset..<end])
            offset = end
        }
        return try await upload.commit()
    }

    /// Reads the whole blob back through the reader in pieces of `piece` bytes.
    static func readAll(_ hash: BlobHash, from blobs: any BlobStore, piece: Int = 4_096) async throws -> [UInt8]? {
        guard let reader = try await blobs.open(hash) else { return nil }
        defer { reader.close() }
        var bytes: [UInt8] = []
        while Int64(bytes.count) < reader.size {
            let got = try await reader.read(offset: Int64(bytes.count), length: piece)
            guard got.readableBytes > 0 else { break }
            bytes += Array(got.readableBytesView)
        }
        return bytes
    }

    @Test(arguments: BlobStoreFactory.all)
    func namesABlobByTheSHA256OfItsBytes(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let ref = try await Self.store(Array("hello".utf8), in: fixture.blobs)
            #expect(ref.hash.hex == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
            #expect(ref.size == 5)
            #expect(try await fixture.blobs.size(of: ref.hash) == 5)
            #expect(try await Self.readAll(ref.hash, from: fixture.blobs) == Array("hello".utf8))
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func readsBackEveryByteOfABlobSpanningManyChunks(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let bytes = Self.pattern(10_500)
            let ref = try await Self.store(bytes, in: fixture.blobs)
            #expect(ref.size == 10_500)
            #expect(try await fixture.blobs.size(of: ref.hash) == 10_500)
            #expect(try await Self.readAll(ref.hash, from: fixture.blobs, piece: 333) == bytes)
            #expect(try await Self.readAll(ref.hash, from: fixture.blobs, piece: 100_000) == bytes)
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func readsRangesFromTheRightPlace(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let bytes = Self.pattern(5_000, seed: 3)
            let ref = try await Self.store(bytes, in: fixture.blobs)
            let reader = try #require(try await fixture.blobs.open(ref.hash))
            defer { reader.close() }
            #expect(reader.size == 5_000)
            for (offset, length) in [(0, 1), (10, 5), (995, 10), (999, 2_003), (2_000, 1_000), (4_990, 100), (4_999, 1)] {
                let got = try await reader.read(offset: Int64(offset), length: length)
                #expect(Array(got.readableBytesView) == Array(bytes[offset..<min(5_000, offset + length)]), "at \(offset)+\(length)")
            }
            #expect(try await reader.read(offset: 5_000, length: 10).readableBytes == 0)
            #expect(try await fixture.blobs.open(BlobHash(hex: String(repeating: "0", count: 64))!) == nil)
            #expect(try await fixture.blobs.size(of: BlobHash(hex: String(repeating: "0", count: 64))!) == nil)
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func storesAnEmptyBlob(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let ref = try await Self.store([], in: fixture.blobs)
            #expect(ref.hash.hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
            #expect(try await fixture.blobs.size(of: ref.hash) == 0)
            #expect(try await Self.readAll(ref.hash, from: fixture.blobs) == [])
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func storesTheSameBytesOnceAndLeavesNoUploadBehind(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let bytes = Self.pattern(3_500, seed: 9)
            let first = try await Self.store(bytes, in: fixture.blobs)
            let second = try await Self.store(bytes, in: fixture.blobs, piece: 1_234)
            let small = try await Self.store([7, 7, 7], in: fixture.blobs)
            let smallAgain = try await Self.store([7, 7, 7], in: fixture.blobs)
            #expect(first == second)
            #expect(small == smallAgain)
            #expect(Set(try await fixture.blobs.storedBlobs().map(\.hash)) == [first.hash, small.hash])
            #expect(try await fixture.leftoverUploads() == 0)
            #expect(try await Self.readAll(first.hash, from: fixture.blobs) == bytes)
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func twoUploadsOfTheSameBytesAtOnceKeepOneWholeCopy(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let bytes = Self.pattern(4_321, seed: 5)
            let blobs = fixture.blobs
            let refs = try await withThrowingTaskGroup(of: BlobRef.self) { group in
                for piece in [500, 1_000, 1_500, 4_321] { group.addTask { try await Self.store(bytes, in: blobs, piece: piece) } }
                return try await group.reduce(into: [BlobRef]()) { $0.append($1) }
            }
            #expect(Set(refs).count == 1)
            #expect(try await blobs.storedBlobs().count == 1)
            #expect(try await fixture.leftoverUploads() == 0)
            #expect(try await Self.readAll(refs[0].hash, from: blobs) == bytes)
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func showsNothingUntilCommitAndNothingAfterAbort(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let bytes = Self.pattern(2_500, seed: 11)
            let upload = try await fixture.blobs.beginUpload()
            try await upload.write(bytes)
            #expect(upload.byteCount == 2_500)
            #expect(try await fixture.blobs.storedBlobs().isEmpty)
            await upload.abort()
            await upload.abort()
            #expect(try await fixture.blobs.storedBlobs().isEmpty)
            #expect(try await fixture.leftoverUploads() == 0)
            await #expect(throws: (any Error).self) { _ = try await upload.commit() }
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func clearsAnUploadAKilledProcessLeftHalfWritten(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let kept = try await Self.store([1, 2, 3], in: fixture.blobs)
            var upload: (any BlobUpload)? = try await fixture.blobs.beginUpload()
            try await upload?.write(Self.pattern(3_000, seed: 1))
            #expect(try await fixture.leftoverUploads() == 1)
            upload = nil  // never committed nor aborted, as when the process is killed
            #expect(try await fixture.blobs.storedBlobs().map(\.hash) == [kept.hash])
            try await fixture.clearAbandonedUploads()
            #expect(try await fixture.leftoverUploads() == 0)
            #expect(try await fixture.blobs.storedBlobs().map(\.hash) == [kept.hash])
            #expect(try await Self.readAll(kept.hash, from: fixture.blobs) == [1, 2, 3])
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func removesABlobAndForgivesRemovingOneThatIsGone(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let gone = try await Self.store(Self.pattern(2_222, seed: 2), in: fixture.blobs)
            let kept = try await Self.store(Self.pattern(2_222, seed: 4), in: fixture.blobs)
            try await fixture.blobs.remove(gone.hash)
            try await fixture.blobs.remove(gone.hash)
            #expect(try await fixture.blobs.size(of: gone.hash) == nil)
            #expect(try await fixture.blobs.open(gone.hash) == nil)
            #expect(try await fixture.blobs.storedBlobs().map(\.hash) == [kept.hash])
            #expect(try await Self.readAll(kept.hash, from: fixture.blobs) == Self.pattern(2_222, seed: 4))
            // Stored again after removal, it is whole again.
            let back = try await Self.store(Self.pattern(2_222, seed: 2), in: fixture.blobs)
            #expect(try await Self.readAll(back.hash, from: fixture.blobs) == Self.pattern(2_222, seed: 2))
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func sweepsOnlyUnreferencedBlobsOlderThanTheGrace(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let kept = try await Self.store([1], in: fixture.blobs)
            let dropped = try await Self.store([2], in: fixture.blobs)
            let unreferenced = UnreferencedBlobs()
            let young = BlobSweeper(blobs: fixture.blobs, grace: .seconds(60), unreferenced: unreferenced) { [kept.hash] }
            #expect(try await young.sweep().isEmpty)
            // Written long ago and unreferenced just now (a fresh record): not yet.
            let unseen = BlobSweeper(blobs: fixture.blobs, grace: .seconds(60), clock: { Date().addingTimeInterval(120) }) { [kept.hash] }
            #expect(try await unseen.sweep().isEmpty)
            let later = BlobSweeper(
                blobs: fixture.blobs, grace: .seconds(60), clock: { Date().addingTimeInterval(120) }, unreferenced: unreferenced
            ) { [kept.hash] }
            #expect(try await later.sweep() == [dropped.hash])
            #expect(try await fixture.blobs.size(of: kept.hash) == 1)
            #expect(try await fixture.blobs.size(of: dropped.hash) == nil)
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func handsOutALocalFileWithTheBlobsBytes(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let bytes = Self.pattern(6_100, seed: 8)
            let ref = try await Self.store(bytes, in: fixture.blobs)
            let local = try #require(try await fixture.blobs.localFile(for: ref.hash))
            #expect(Array(try Data(contentsOf: local.url)) == bytes)
            local.release()
            #expect(try await fixture.blobs.size(of: ref.hash) == 6_100, "release never removes the blob itself")
            #expect(try await fixture.blobs.localFile(for: BlobHash(hex: String(repeating: "1", count: 64))!) == nil)
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func passesItsWritableCheckAndLeavesNothingBehind(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            try await fixture.blobs.checkWritable()
            #expect(try await fixture.blobs.storedBlobs().isEmpty)
            #expect(try await fixture.leftoverUploads() == 0)
        }
    }
}

/// A sweep that listed a blob as old and unreferenced, and then met a share of the same bytes
/// before removing it: the share touched it, so it stays (its item commits after the sweep read
/// the references).
extension BlobStoreConformanceTests {
    /// The store under test, but its listing is followed by a share of `bytes`, as an upload
    /// that commits while the sweep works through what it listed.
    private struct SharedAgainAfterListing: BlobStore {
        let base: any BlobStore
        let bytes: [UInt8]

        func beginUpload() async throws -> any BlobUpload { try await base.beginUpload() }
        func size(of hash: BlobHash) async throws -> Int64? { try await base.size(of: hash) }
        func open(_ hash: BlobHash) async throws -> (any BlobReader)? { try await base.open(hash) }
        func localFile(for hash: BlobHash) async throws -> LocalBlobFile? { try await base.localFile(for: hash) }
        func remove(_ hash: BlobHash) async throws { try await base.remove(hash) }
        func remove(_ hash: BlobHash, unlessSharedAfter cutoff: Date) async throws -> Bool {
            try await base.remove(hash, unlessSharedAfter: cutoff)
        }
        func storedBlobs() async throws -> [StoredBlob] {
            let listed = try await base.storedBlobs()
            _ = try await BlobStoreConformanceTests.store(bytes, in: base)
            return listed
        }
    }

    @Test(arguments: BlobStoreFactory.all)
    func aBlobSharedAgainWhileASweepRunsIsKept(_ factory: BlobStoreFactory) async throws {
        try await factory.run(ShiftableClock()) { fixture in
            let bytes = Self.pattern(3_333, seed: 5)
            let shared = try await Self.store(bytes, in: fixture.blobs)
            let dropped = try await Self.store(Self.pattern(3_333, seed: 6), in: fixture.blobs)
            // Found unreferenced, then older than the sweep's one-second grace by every store's
            // clock (S3 keeps whole seconds) and by the sweeps' record.
            let unreferenced = UnreferencedBlobs()
            #expect(try await BlobSweeper(blobs: fixture.blobs, grace: .seconds(1), unreferenced: unreferenced) { [] }.sweep().isEmpty)
            try await Task.sleep(for: .seconds(2))
            let sweeper = BlobSweeper(
                blobs: SharedAgainAfterListing(base: fixture.blobs, bytes: bytes), grace: .seconds(1), unreferenced: unreferenced
            ) { [] }

            #expect(try await sweeper.sweep() == [dropped.hash])
            #expect(try await Self.readAll(shared.hash, from: fixture.blobs) == bytes)
            #expect(try await fixture.blobs.size(of: dropped.hash) == nil)
            #expect(Set(try await fixture.blobs.storedBlobs().map(\.hash)) == [shared.hash])
        }
    }
}
