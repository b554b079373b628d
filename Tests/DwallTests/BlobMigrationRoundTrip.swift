import Foundation
import Testing
import WallCore

/// `dwall blobs migrate` from the folder store to another store and back, as the PostgreSQL and
/// S3 blob stores' tests both check it: a wall's three photos and their thumbnails made in the
/// folder store, copied to the other store (a second run copies nothing) and served from there by
/// a server with an empty data folder, then copied to a new, empty folder and served from that.
enum BlobMigrationRoundTrip {
    /// Runs the round trip through `store` (`postgres`, `s3://bucket/prefix`), every process
    /// with `environment`; `afterCopy` checks the store itself once the six blobs are copied.
    static func run(
        through store: String, environment: [String: String] = [:], seed: UInt64,
        afterCopy: () async throws -> Void = {}
    ) async throws {
        let database = try TestPostgres.createDatabase()
        defer { TestPostgres.drop(database) }
        let folderServer = try ServerProcess(databaseURL: database)
        defer { folderServer.cleanUp() }
        folderServer.extraEnvironment = environment
        let token = try folderServer.makeUser()
        try folderServer.start(extraArguments: ["--rate-limit", "0", "--blob-store", "folder"])

        // A wall with three photos and their thumbnails, in the folder store.
        let client = HTTPClient(baseURL: folderServer.baseURL, token: token)
        var originals: [UUID: Data] = [:]
        for index in 1...3 {
            let photo = TestPNG.make(width: 200 + index * 40, height: 180, seed: seed + UInt64(index))
            let reply = try await client.shareFile(photo, name: "p\(index).png", contentType: "image/png")
            originals[try #require(try reply.decode(ShareResponse.self).items?.first).id] = photo
        }
        var thumbnails: [UUID: Data] = [:]
        for id in originals.keys { thumbnails[id] = try await SharedBlobStoreTests.thumbnail(of: id, client: client) }
        try folderServer.stop()

        // Folder → the store (every copy re-hashed), then served from it by a server with an empty data folder.
        let copied = try folderServer.admin(["blobs", "migrate", "--from", "folder", "--to", store])
        #expect(copied.status == 0, "\(copied.errorOutput)")
        #expect(copied.output.contains("6 files, 6 copied"), "\(copied.output)")
        try await afterCopy()
        let again = try folderServer.admin(["blobs", "migrate", "--from", "folder", "--to", store])
        #expect(again.output.contains("0 copied"), "a second run copies nothing: \(again.output)")
        #expect(again.output.contains("6 already there"), "\(again.output)")
        let storeServer = try ServerProcess(databaseURL: database)
        defer { storeServer.cleanUp() }
        storeServer.extraEnvironment = environment
        try storeServer.start(extraArguments: ["--rate-limit", "0", "--blob-store", store])
        try await SharedBlobStoreTests.expectServes(originals, thumbnails, by: storeServer, token: token)
        try storeServer.stop()

        // The store → a new, empty folder, then served from that folder.
        let backServer = try ServerProcess(databaseURL: database)
        defer { backServer.cleanUp() }
        backServer.extraEnvironment = environment
        let back = try backServer.admin(["blobs", "migrate", "--from", store, "--to", "folder"])
        #expect(back.status == 0, "\(back.errorOutput)")
        #expect(back.output.contains("6 copied"), "\(back.output)")
        try FileShareProcessTests.expectEveryBlobIsWhole(backServer)
        try backServer.start(extraArguments: ["--rate-limit", "0", "--blob-store", "folder"])
        try await SharedBlobStoreTests.expectServes(originals, thumbnails, by: backServer, token: token)
        try backServer.stop()
    }
}
