import Foundation
import Testing
import WallCore

/// Files shared by replicas through the S3 blob store (`--blob-store s3://bucket/prefix`) on
/// moto's S3-protocol server, with real `dwall serve` processes on one PostgreSQL database whose
/// `--data` folders are different and empty: served byte-exact (ranges and thumbnails too) by the
/// replica that did not receive them, nothing visible after a SIGKILL mid-upload, `dwall blobs
/// migrate` from the folder to the bucket and back, and a bucket that can't be used refused at
/// start in one line.
@Suite(
    .serialized,
    .enabled(if: TestStorage.serverURL != nil && TestS3Server.endpoint != nil, "needs DWALL_TEST_DATABASE_URL and DWALL_TEST_S3_ENDPOINT")
)
struct S3SharedBlobStoreTests {
    private func arguments(_ bucket: String) -> [String] { ["--rate-limit", "0", "--blob-store", "s3://\(bucket)/wall"] }

    @Test func aPhotoSharedThroughOneReplicaIsServedWholeInRangesAndAsAThumbnailByTheOther() async throws {
        let bucket = try await TestS3Server.createBucket()
        let replicas = try Replicas(environment: TestS3Server.environment())
        defer { replicas.cleanUp() }
        let (replicaA, replicaB) = (replicas.a, replicas.b)
        let token = try replicaA.makeUser()
        try replicas.start(arguments(bucket))

        // A 9.7 MB photo, more than one 8 MiB part of a multipart upload, and a range across the first part's end.
        let photo = TestPNG.make(width: 1_800, height: 1_800, seed: 21)
        #expect(photo.count > 8 * 1_048_576)
        let start = 8 * 1_048_576 - 1_000
        let item = try await SharedBlobStoreTests.expectServedByTheOther(
            photo, sharedThrough: replicas, token: token, range: start..<(start + 1_000_000)
        )

        // The photo, its thumbnail and its preview are in the bucket; neither data folder holds a blob.
        let keys = try await TestS3Server.keys(in: bucket, prefix: "wall/")
        #expect(keys.count == 3, "\(keys)")
        #expect(keys.contains("wall/\(item.file?.sha256.prefix(2) ?? "")/\(item.file?.sha256 ?? "")"))
        for replica in [replicaA, replicaB] {
            #expect(!FileManager.default.fileExists(atPath: replica.dataDirectory + "/blobs/sha256"))
        }
        #expect(try replicaA.stop() == 0)
        #expect(try replicaB.stop() == 0)
    }

    @Test func aReplicaKilledMidUploadLeavesNothingInTheBucketAndTheShareSentAgainSucceedsOnce() async throws {
        let bucket = try await TestS3Server.createBucket()
        let replicas = try Replicas(environment: TestS3Server.environment())
        defer { replicas.cleanUp() }
        let (replicaA, replicaB) = (replicas.a, replicas.b)
        let token = try replicaA.makeUser()
        try replicas.start(arguments(bucket))

        // Half of a 3 MB photo sent to A; A is killed once it has staged part of it.
        let id = UUID()
        let photo = TestPNG.make(width: 1_000, height: 1_000, seed: 8)
        let connection = try HalfSentUpload.start(port: replicaA.port, token: token, id: id, picture: photo)
        defer { connection.close() }
        let staging = replicaA.dataDirectory + "/tmp/s3"
        try await BackupCommandTests.waitUntil("A to stage part of the upload") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []
            return names.contains { name in
                let size = (try? FileManager.default.attributesOfItem(atPath: staging + "/" + name))?[.size] as? Int ?? 0
                return size >= 1_000_000
            }
        }
        try replicaA.stop(signal: SIGKILL)

        // Nothing is in the bucket and no item exists.
        #expect(try await TestS3Server.keys(in: bucket, prefix: "wall/").isEmpty)
        let clientB = HTTPClient(baseURL: replicaB.baseURL, token: token)
        #expect(try await clientB.allItems().isEmpty)

        // The share sent again whole through B (same share id) is stored once: created, then replayed.
        let item = try await SharedBlobStoreTests.expectStoredOnce(photo, resentAs: id, through: clientB)
        let keys = try await TestS3Server.keys(in: bucket, prefix: "wall/")
        #expect(keys.filter { $0.hasSuffix(item.file?.sha256 ?? "-") }.count == 1, "\(keys)")
        try replicaB.stop()
    }

    @Test func migrateMovesAWallsFilesFromTheFolderToTheBucketAndBack() async throws {
        let bucket = try await TestS3Server.createBucket()
        try await BlobMigrationRoundTrip.run(through: "s3://\(bucket)/wall", environment: TestS3Server.environment(), seed: 30) {
            let keys = try await TestS3Server.keys(in: bucket, prefix: "wall/")
            #expect(keys.count == 6, "\(keys)")
        }
    }

    @Test func aMissingBucketOrAnUnreachableStoreIsRefusedAtStartInOneLine() throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let serve = ["serve", "--data", server.dataDirectory, "--port", "0"]
        let missing = try CommandRunner.run(
            serve + ["--blob-store", "s3://dwall-absent-\(UUID().uuidString.lowercased().prefix(8))/wall"],
            environment: ServerProcess.environment.merging(TestS3Server.environment()) { $1 }
        )
        #expect(missing.status != 0)
        #expect(missing.errorOutput.contains("NoSuchBucket"), "\(missing.errorOutput)")
        let unreachable = try CommandRunner.run(
            serve + ["--blob-store", "s3://dwall-any/wall"],
            environment: ServerProcess.environment.merging(TestS3Server.environment(endpoint: "http://127.0.0.1:\(try FreePort.pick())")) { $1 }
        )
        #expect(unreachable.status != 0)
        #expect(unreachable.errorOutput.contains("connection refused"), "\(unreachable.errorOutput)")
        let noKeys = try CommandRunner.run(
            serve + ["--blob-store", "s3://dwall-any/wall"], environment: ServerProcess.environment.merging(["AWS_ACCESS_KEY_ID": ""]) { $1 }
        )
        #expect(noKeys.status != 0)
        #expect(noKeys.errorOutput.contains("AWS_ACCESS_KEY_ID"), "\(noKeys.errorOutput)")
        for (refusal, reason) in [(missing, "NoSuchBucket"), (unreachable, "connection refused"), (noKeys, "AWS_ACCESS_KEY_ID")] {
            let lines = refusal.errorOutput.split(separator: "\n").filter { $0.contains(reason) }
            #expect(lines.count == 1, "one line says why: \(refusal.errorOutput)")
        }
    }
}
