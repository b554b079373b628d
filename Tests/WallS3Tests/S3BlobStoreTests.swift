import Crypto
import Foundation
import NIOCore
import Testing
import WallCore
import WallS3
import WallStore

/// The S3 blob store against a real S3-protocol server (moto's, from `scripts/with-s3`): the key
/// layout, uploads in one PUT and in parts, what a killed upload leaves, reading, local copies,
/// listing and the start-up probe.
@Suite("S3 blob store", .enabled(if: TestS3.endpoint != nil, "needs DWALL_TEST_S3_ENDPOINT (scripts/with-s3)"))
struct S3BlobStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("s3-blobs-\(UUID().uuidString)")

    private func makeStore() async throws -> S3BlobStore {
        try S3BlobStore(client: try await TestS3.freshBucket(prefix: "wall/blobs"), temporaryFolder: folder)
    }

    private func hex(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }

    /// Writes `bytes` in pieces of `piece` bytes, the way a multipart share streams in.
    private func upload(_ bytes: [UInt8], to blobs: S3BlobStore, piece: Int = 100_000) async throws -> any BlobUpload {
        let upload = try await blobs.beginUpload()
        for start in stride(from: 0, to: bytes.count, by: piece) {
            try await upload.write(ByteBuffer(bytes: bytes[start..<min(start + piece, bytes.count)]))
        }
        return upload
    }

    @Test func storesABlobUnderPrefixThenTwoHexDigitsThenItsHash() async throws {
        let blobs = try await makeStore()
        let ref = try await blobs.store(Array("hello".utf8))
        #expect(ref.hash.hex == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        let keys = try await blobs.client.listObjects(prefix: "").map(\.key)
        #expect(keys == ["wall/blobs/2c/2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"])
        #expect(try await blobs.size(of: ref.hash) == 5)
        #expect(try await blobs.storedBlobs().map(\.hash) == [ref.hash])
    }

    @Test func aBlobLargerThanOnePartGoesUpInPartsAndReadsBackByteExact() async throws {
        let blobs = try await makeStore()
        let bytes = TestS3.pattern(Int(Limits.s3PartBytes) * 2 + 4_321, seed: 3)
        let ref = try await upload(bytes, to: blobs, piece: 65_536).commit()
        #expect(ref.hash.hex == hex(bytes))
        #expect(ref.size == Int64(bytes.count))
        let reader = try #require(try await blobs.open(ref.hash))
        defer { reader.close() }
        // Sequential pieces as a response body reads them, then ranges across a part boundary.
        var whole: [UInt8] = []
        while whole.count < bytes.count {
            let piece = try await reader.read(offset: Int64(whole.count), length: 65_536)
            #expect(piece.readableBytes > 0)
            whole += Array(piece.readableBytesView)
        }
        #expect(whole == bytes)
        let boundary = Int(Limits.s3PartBytes)
        let across = try await reader.read(offset: Int64(boundary - 10), length: 20)
        #expect(Array(across.readableBytesView) == Array(bytes[(boundary - 10)..<(boundary + 10)]))
        let pastEnd = try await reader.read(offset: Int64(bytes.count - 3), length: 100)
        #expect(Array(pastEnd.readableBytesView) == Array(bytes.suffix(3)))
        #expect(try await blobs.client.listMultipartUploads(prefix: "").isEmpty)
    }

    @Test func nothingIsVisibleBeforeCommitAndAnAbortLeavesNothing() async throws {
        let blobs = try await makeStore()
        let pending = try await upload(TestS3.pattern(300_000), to: blobs)
        #expect(try await blobs.client.listObjects(prefix: "").isEmpty)
        await pending.abort()
        #expect(try await blobs.client.listObjects(prefix: "").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func theSameBytesAreStoredOnceAndARecommitRefreshesTheBlobsTime() async throws {
        let blobs = try await makeStore()
        let first = try await blobs.store(TestS3.pattern(1_000))
        let before = try #require(try await blobs.storedBlobs().first)
        let deadline = Date().addingTimeInterval(5)
        while Date() < before.modifiedAt.addingTimeInterval(1.1) && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let second = try await blobs.store(TestS3.pattern(1_000))
        #expect(first == second)
        let after = try await blobs.storedBlobs()
        #expect(after.count == 1)
        #expect(after[0].modifiedAt > before.modifiedAt)
    }

    @Test func anUnfinishedMultipartUploadIsInvisibleAndASweepAbortsItOnceOld() async throws {
        // A replica killed during a commit leaves a multipart upload S3 never shows as an object.
        let blobs = try await makeStore()
        let hash = BlobHash(hex: hex([1, 2, 3]))!
        let id = try await blobs.client.createMultipartUpload(key: blobs.key(for: hash))
        _ = try await blobs.client.uploadPart(
            key: blobs.key(for: hash), uploadID: id, number: 1, body: .bytes(Data([1, 2, 3])), payloadHash: hex([1, 2, 3])
        )
        // Clocks relative to the store's own start time (moto reports a fixed one).
        let initiated = try #require(try await blobs.client.listMultipartUploads(prefix: "").first?.initiated)
        let age = Double(Limits.abandonedBlobUploadAge.components.seconds)
        let soon = try S3BlobStore(client: blobs.client, temporaryFolder: folder, clock: { initiated.addingTimeInterval(60) })
        #expect(try await soon.storedBlobs().isEmpty)
        #expect(try await blobs.client.listMultipartUploads(prefix: "").map(\.uploadID) == [id], "a young upload is spared")
        let later = try S3BlobStore(client: blobs.client, temporaryFolder: folder, clock: { initiated.addingTimeInterval(age + 60) })
        #expect(try await later.storedBlobs().isEmpty)
        #expect(try await blobs.client.listMultipartUploads(prefix: "").isEmpty)
        #expect(try await blobs.size(of: hash) == nil)
    }

    @Test func aLocalFileIsADownloadedCopyDeletedOnRelease() async throws {
        let blobs = try await makeStore()
        let bytes = TestS3.pattern(2_000_000, seed: 5)
        let ref = try await blobs.store(bytes)
        let copy = try #require(try await blobs.localFile(for: ref.hash))
        #expect(try Data(contentsOf: copy.url) == Data(bytes))
        copy.release()
        #expect(!FileManager.default.fileExists(atPath: copy.url.path))
        #expect(try await blobs.localFile(for: BlobHash(hex: hex([9]))!) == nil)
    }

    @Test func keysThatAreNotBlobsAreNotListed() async throws {
        let blobs = try await makeStore()
        let ref = try await blobs.store([42])
        for key in ["wall/blobs/readme.txt", "wall/blobs/zz/\(ref.hash.hex)", "wall/blobs/\(ref.hash.hex.prefix(2))/short", "other/\(ref.hash.hex)"] {
            try await blobs.client.putObject(key: key, body: .bytes(Data([1])), payloadHash: hex([1]))
        }
        #expect(try await blobs.storedBlobs().map(\.hash) == [ref.hash])
        try await blobs.remove(ref.hash)
        try await blobs.remove(ref.hash)
        #expect(try await blobs.storedBlobs().isEmpty)
        #expect(try await blobs.open(ref.hash) == nil)
    }

    @Test func oldStagedFilesOfAKilledProcessAreRemovedAtOpenAndYoungOnesKept() async throws {
        let blobs = try await makeStore()
        let stray = folder.appendingPathComponent("upload-stray")
        let young = folder.appendingPathComponent("upload-young")
        try Data([1]).write(to: stray)
        try Data([2]).write(to: young)
        let old = Date().addingTimeInterval(-Double(Limits.s3StagedLeftoverAge.components.seconds) - 60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: stray.path)
        _ = try S3BlobStore(client: blobs.client, temporaryFolder: folder)
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(FileManager.default.fileExists(atPath: young.path), "a running server's upload is left alone")
    }

    @Test func theProbePassesOnAWritableBucketAndLeavesNothing() async throws {
        let blobs = try await makeStore()
        try await blobs.checkWritable()
        #expect(try await blobs.client.listObjects(prefix: "").isEmpty)
    }

    @Test func theProbeSaysTheBucketIsMissing() async throws {
        let client = TestS3.client(bucket: "dwall-absent-" + UUID().uuidString.lowercased().prefix(12))
        let blobs = try S3BlobStore(client: client, temporaryFolder: folder)
        do {
            try await blobs.checkWritable()
            Issue.record("the probe passed on a missing bucket")
        } catch {
            #expect("\(error)".contains("NoSuchBucket"), "\(error)")
        }
    }

    @Test func theProbeSaysTheStoreIsUnreachable() async throws {
        let client = TestS3.client(bucket: "whatever", endpoint: URL(string: "http://127.0.0.1:\(try closedPort())")!)
        let blobs = try S3BlobStore(client: client, temporaryFolder: folder)
        do {
            try await blobs.checkWritable()
            Issue.record("the probe passed on a closed port")
        } catch {
            #expect("\(error)".contains("connection refused"), "\(error)")
        }
    }
}
