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
        let first = try await clientB.shareFile(id: id, photo, name: "big.png", contentType: "image/png")
        #expect(first.status == 201)
        let item = try #require(try first.decode(ShareResponse.self).items?.first)
        let again = try await clientB.shareFile(id: id, photo, name: "big.png", contentType: "image/png")
        #expect(again.status == 200)
        #expect(try again.decode(ShareResponse.self).items?.first?.id == item.id)
        #expect(try await clientB.fileBytes(of: item.id).body == photo)
        let keys = try await TestS3Server.keys(in: bucket, prefix: "wall/")
        #expect(keys.filter { $0.hasSuffix(item.file?.sha256 ?? "-") }.count == 1, "\(keys)")
        try replicaB.stop()
    }

    @Test func migrateMovesAWallsFilesFromTheFolderToTheBucketAndBack() async throws {
        let bucket = try await TestS3Server.createBucket()
        let database = try TestPostgres.createDatabase()
        defer { TestPostgres.drop(database) }
        let folderServer = try ServerProcess(databaseURL: database)
        defer { folderServer.cleanUp() }
        folderServer.extraEnvironment = TestS3Server.environment()
        let token = try folderServer.makeUser()
        try folderServer.start(extraArguments: ["--rate-limit", "0", "--blob-store", "folder"])

        // A wall with three photos and their thumbnails, in the folder store.
        let client = HTTPClient(baseURL: folderServer.baseURL, token: token)
        var originals: [UUID: Data] = [:]
        for seed in 1...3 {
            let photo = TestPNG.make(width: 200 + seed * 40, height: 180, seed: UInt64(seed + 30))
            let reply = try await client.shareFile(photo, name: "p\(seed).png", contentType: "image/png")
            originals[try #require(try reply.decode(ShareResponse.self).items?.first).id] = photo
        }
        var thumbnails: [UUID: Data] = [:]
        for id in originals.keys { thumbnails[id] = try await SharedBlobStoreTests.thumbnail(of: id, client: client) }
        try folderServer.stop()

        // Folder → bucket (every copy re-hashed), then served from the bucket by a server with an empty data folder.
        let store = "s3://\(bucket)/wall"
        let toBucket = try folderServer.admin(["blobs", "migrate", "--from", "folder", "--to", store])
        #expect(toBucket.status == 0, "\(toBucket.errorOutput)")
        #expect(toBucket.output.contains("6 files, 6 copied"), "\(toBucket.output)")
        #expect(try await TestS3Server.keys(in: bucket, prefix: "wall/").count == 6)
        let again = try folderServer.admin(["blobs", "migrate", "--from", "folder", "--to", store])
        #expect(again.output.contains("0 copied"), "a second run copies nothing: \(again.output)")
        #expect(again.output.contains("6 already there"), "\(again.output)")
        let bucketServer = try ServerProcess(databaseURL: database)
        defer { bucketServer.cleanUp() }
        bucketServer.extraEnvironment = TestS3Server.environment()
        try bucketServer.start(extraArguments: ["--rate-limit", "0", "--blob-store", store])
        try await SharedBlobStoreTests.expectServes(originals, thumbnails, by: bucketServer, token: token)
        try bucketServer.stop()

        // Bucket → a new, empty folder, then served from that folder.
        let backServer = try ServerProcess(databaseURL: database)
        defer { backServer.cleanUp() }
        backServer.extraEnvironment = TestS3Server.environment()
        let toFolder = try backServer.admin(["blobs", "migrate", "--from", store, "--to", "folder"])
        #expect(toFolder.status == 0, "\(toFolder.errorOutput)")
        #expect(toFolder.output.contains("6 copied"), "\(toFolder.output)")
        try FileShareProcessTests.expectEveryBlobIsWhole(backServer)
        try backServer.start(extraArguments: ["--rate-limit", "0", "--blob-store", "folder"])
        try await SharedBlobStoreTests.expectServes(originals, thumbnails, by: backServer, token: token)
        try backServer.stop()
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
