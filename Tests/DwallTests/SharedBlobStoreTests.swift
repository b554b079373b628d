import Foundation
import Testing
import WallCore

/// Files shared by replicas through the PostgreSQL blob store, with real `dwall serve`
/// processes whose `--data` folders are different and empty: served byte-exact (ranges and
/// thumbnails too) by the replica that did not receive them, nothing half-visible after a
/// SIGKILL mid-upload, `dwall blobs migrate` between the folder and PostgreSQL, and a store that
/// can't be used refused before the server listens.
@Suite(.serialized, .enabled(if: TestStorage.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct SharedBlobStoreTests {
    @Test func aPhotoSharedThroughOneReplicaIsServedWholeInRangesAndAsAThumbnailByTheOther() async throws {
        let replicas = try Replicas()
        defer { replicas.cleanUp() }
        let (replicaA, replicaB) = (replicas.a, replicas.b)
        #expect(replicaA.dataDirectory != replicaB.dataDirectory)
        let token = try replicaA.makeUser()
        try replicas.start()

        // A 1.2 MB photo (five 256 KiB chunks), and a range that crosses a chunk boundary.
        let photo = TestPNG.make(width: 640, height: 640, seed: 15)
        let start = 262_144 - 1_000
        _ = try await Self.expectServedByTheOther(photo, sharedThrough: replicas, token: token, range: start..<(start + 300_000))

        // Neither data folder holds a blob: the files are in the database.
        for replica in [replicaA, replicaB] {
            #expect(!FileManager.default.fileExists(atPath: replica.dataDirectory + "/blobs/sha256"))
        }
        #expect(try replicaA.stop() == 0)
        #expect(try replicaB.stop() == 0)
    }

    @Test func aReplicaKilledMidUploadLeavesNothingVisibleAndTheShareSentAgainSucceedsOnce() async throws {
        let replicas = try Replicas()
        defer { replicas.cleanUp() }
        let (replicaA, replicaB) = (replicas.a, replicas.b)
        let token = try replicaA.makeUser()
        try replicas.start()

        // Half of a 3 MB photo sent to A; A is killed once some of its chunks are in the database.
        let id = UUID()
        let photo = TestPNG.make(width: 1_000, height: 1_000, seed: 7)
        let connection = try HalfSentUpload.start(port: replicaA.port, token: token, id: id, picture: photo)
        defer { connection.close() }
        try await BackupCommandTests.waitUntil("A to stage chunks of the upload") {
            (try? TestPostgres.query("SELECT count(*) FROM blob_chunks", on: replicas.database)).flatMap(Int.init) ?? 0 >= 2
        }
        try replicaA.stop(signal: SIGKILL)

        // Nothing is visible: no blob, no item; the staged upload waits for the sweep.
        #expect(try TestPostgres.query("SELECT count(*) FROM blobs", on: replicas.database) == "0")
        #expect(try TestPostgres.query("SELECT count(*) FROM blob_uploads", on: replicas.database) == "1")
        let clientB = HTTPClient(baseURL: replicaB.baseURL, token: token)
        #expect(try await clientB.allItems().isEmpty)

        // The share sent again whole through B (same share id) is stored once: created, then replayed.
        _ = try await Self.expectStoredOnce(photo, resentAs: id, through: clientB)
        #expect(try TestPostgres.query("SELECT count(*) FROM blobs WHERE size = \(photo.count)", on: replicas.database) == "1")
        try replicaB.stop()
    }

    @Test func migrateMovesAWallsFilesFromTheFolderToPostgreSQLAndBack() async throws {
        try await BlobMigrationRoundTrip.run(through: "postgres", seed: 0)
    }

    @Test func aStoreThatCannotBeUsedIsRefusedInOneLine() throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let refused = try CommandRunner.run(
            ["serve", "--data", server.dataDirectory, "--port", "0", "--blob-store", "postgres"], environment: ServerProcess.environment
        )
        #expect(refused.status != 0)
        #expect(refused.errorOutput.contains("--database-url"), "\(refused.errorOutput)")
        let unknown = try CommandRunner.run(
            ["serve", "--data", server.dataDirectory, "--port", "0", "--blob-store", "ftp://x"], environment: ServerProcess.environment
        )
        #expect(unknown.status != 0)
        #expect(unknown.errorOutput.contains("folder, postgres or s3://bucket/prefix"), "\(unknown.errorOutput)")
        let fromEnvironment = try CommandRunner.run(
            ["serve", "--data", server.dataDirectory, "--port", "0"],
            environment: ServerProcess.environment.merging(["DWALL_BLOB_STORE": "postgres"]) { $1 }
        )
        #expect(fromEnvironment.status != 0)
        #expect(fromEnvironment.errorOutput.contains("--database-url"), "\(fromEnvironment.errorOutput)")
        let migrate = try server.admin(["blobs", "migrate", "--from", "folder", "--to", "postgres"])
        #expect(migrate.status != 0)
        #expect(migrate.errorOutput.contains("--database-url"), "\(migrate.errorOutput)")
        let same = try server.admin(["blobs", "migrate", "--from", "folder", "--to", "folder"])
        #expect(same.status != 0)
        #expect(same.errorOutput.contains("the same store"), "\(same.errorOutput)")
    }

    @Test func aDatabaseThatRefusesBlobWritesStopsTheServerBeforeItListens() throws {
        let database = try TestPostgres.createDatabase()
        defer { TestPostgres.drop(database) }
        let server = try ServerProcess(databaseURL: database)
        defer { server.cleanUp() }
        // A migrated database (the admin command migrates it) whose blobs table refuses rows.
        _ = try server.makeUser()
        try TestPostgres.run(sql: """
            CREATE FUNCTION refuse_blobs() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'this test refuses blobs'; END $$;
            CREATE TRIGGER refuse_blobs BEFORE INSERT ON blobs FOR EACH ROW EXECUTE FUNCTION refuse_blobs();
            """, on: database)

        do {
            try server.start(extraArguments: ["--rate-limit", "0", "--blob-store", "postgres"])
            Issue.record("dwall serve listened although its blob store can't be written")
        } catch let failure as ProcessFailure {
            #expect(failure.description.contains("dwall serve exited"), "\(failure)")
        }
        // It said why in one line, and never listened.
        let log = try String(contentsOfFile: server.logPath, encoding: .utf8)
        let reasons = log.split(separator: "\n").filter { $0.contains("the postgres blob store is not usable") }
        #expect(reasons.count == 1, "\(log)")
        #expect(!log.contains("listening on"), "it listened before the blob store was probed: \(log)")
    }

    /// Every file and thumbnail, byte for byte, with the file's hash as its ETag.
    static func expectServes(_ originals: [UUID: Data], _ thumbnails: [UUID: Data], by server: ServerProcess, token: String) async throws {
        let client = HTTPClient(baseURL: server.baseURL, token: token)
        let items = try await client.allItems()
        #expect(Set(items.map(\.id)) == Set(originals.keys))
        for item in items {
            let file = try await client.fileBytes(of: item.id)
            #expect(file.status == 200)
            #expect(file.body == originals[item.id], "\(item.id)'s file")
            let etag = file.headers.first { $0.key.lowercased() == "etag" }?.value
            #expect(etag == "\"\(item.file?.sha256 ?? "")\"", "the file is served under its hash")
            let thumbnail = try await client.send("GET", "/v1/items/\(item.id.uuidString)/thumbnail")
            #expect(thumbnail.status == 200 && thumbnail.body == thumbnails[item.id], "\(item.id)'s thumbnail")
        }
    }

    /// Shares `photo` through replica A and expects replica B to serve the bytes A received:
    /// whole, `range` (chosen across a chunk's or part's end) and the last ten; then the
    /// thumbnail, made by whichever replica ran the job, alike from both. Returns the item.
    static func expectServedByTheOther(
        _ photo: Data, sharedThrough replicas: Replicas, token: String, range: Range<Int>
    ) async throws -> Item {
        let clientA = HTTPClient(baseURL: replicas.a.baseURL, token: token)
        let shared = try await clientA.shareFile(photo, name: "photo.png", contentType: "image/png")
        #expect(shared.status == 201, "\(String(decoding: shared.body, as: UTF8.self))")
        let item = try #require(try shared.decode(ShareResponse.self).items?.first)

        let clientB = HTTPClient(baseURL: replicas.b.baseURL, token: token)
        let file = "/v1/items/\(item.id.uuidString)/file"
        let whole = try await clientB.fileBytes(of: item.id)
        #expect(whole.status == 200)
        #expect(whole.body == photo, "B served other bytes than A received")
        let part = try await clientB.send("GET", file, headers: ["Range": "bytes=\(range.lowerBound)-\(range.upperBound - 1)"])
        #expect(part.status == 206)
        #expect(part.body == photo.subdata(in: range))
        let tail = try await clientB.send("GET", file, headers: ["Range": "bytes=-10"])
        #expect(tail.body == photo.suffix(10))

        let thumbnail = try await thumbnail(of: item.id, client: clientB)
        #expect(thumbnail.prefix(3) == Data([0xFF, 0xD8, 0xFF]), "not a JPEG")
        #expect(try await clientA.send("GET", "/v1/items/\(item.id.uuidString)/thumbnail").body == thumbnail)
        return item
    }

    /// Sends `photo` whole as the share `id` twice through `client` and expects it stored once:
    /// created, then replayed, the only item, its bytes whole. Returns the item.
    static func expectStoredOnce(_ photo: Data, resentAs id: UUID, through client: HTTPClient) async throws -> Item {
        let first = try await client.shareFile(id: id, photo, name: "big.png", contentType: "image/png")
        #expect(first.status == 201)
        let item = try #require(try first.decode(ShareResponse.self).items?.first)
        let again = try await client.shareFile(id: id, photo, name: "big.png", contentType: "image/png")
        #expect(again.status == 200)
        #expect(try again.decode(ShareResponse.self).items?.first?.id == item.id)
        #expect(try await client.allItems().map(\.id) == [item.id])
        #expect(try await client.fileBytes(of: item.id).body == photo)
        return item
    }

    /// The item's thumbnail once its job has made it (waiting at most a minute).
    static func thumbnail(of id: UUID, client: HTTPClient) async throws -> Data {
        var served = Data()
        try await BackupCommandTests.waitUntil("the thumbnail of \(id)") {
            guard let reply = try? await client.send("GET", "/v1/items/\(id.uuidString)/thumbnail"), reply.status == 200 else { return false }
            served = reply.body
            return true
        }
        return served
    }
}
