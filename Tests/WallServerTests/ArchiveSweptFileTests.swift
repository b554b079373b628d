import Crypto
import Foundation
import HTTPTypes
import Testing
import WallApp
import WallCore
import WallStore

/// An archive whose reading took longer than the blob sweeper's grace: its files are stored
/// before its items, so a sweep (on any replica sharing the store) may have removed one; that
/// item is skipped, naming why, rather than imported without its file.
@Suite struct ArchiveSweptFileTests {
    /// The server's blob store, where a sweep removes `swept` just as the import checks it.
    private struct SweptBeforeTheCheck: BlobStore {
        let base: any BlobStore
        let swept: BlobHash

        func beginUpload() async throws -> any BlobUpload { try await base.beginUpload() }
        func open(_ hash: BlobHash) async throws -> (any BlobReader)? { try await base.open(hash) }
        func localFile(for hash: BlobHash) async throws -> LocalBlobFile? { try await base.localFile(for: hash) }
        func storedBlobs() async throws -> [StoredBlob] { try await base.storedBlobs() }
        func remove(_ hash: BlobHash) async throws { try await base.remove(hash) }
        func remove(_ hash: BlobHash, unlessSharedAfter cutoff: Date) async throws -> Bool {
            try await base.remove(hash, unlessSharedAfter: cutoff)
        }
        func size(of hash: BlobHash) async throws -> Int64? {
            if hash == swept { try await base.remove(hash) }
            return try await base.size(of: hash)
        }
    }

    @Test(arguments: [true, false])
    func aFileSweptDuringALongReadSkipsItsItem(readPastTheGrace: Bool) async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let me = try await client.send(.get, "/v1/me", token: token).decode(Me.self)
            let kept = try TestFiles.png(width: 40, height: 20)
            let swept = try TestFiles.png(width: 30, height: 10)
            func hex(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }
            var keptItem = ArchiveTests.fileItem(hash: hex(kept), size: Int64(kept.count))
            keptItem.file?.contentType = "image/png"
            var sweptItem = ArchiveTests.fileItem(hash: hex(swept), size: Int64(swept.count))
            sweptItem.file?.contentType = "image/png"
            sweptItem.wallId = keptItem.wallId
            let archive = try ArchiveTests.archive(
                document: ArchiveTests.document([keptItem, sweptItem]), blobs: [hex(kept): kept, hex(swept): swept]
            )
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            try archive.write(to: file)

            let answer = try await withBlobs(server) { blobs in
                try await server.withStore { store in
                    let importer = ArchiveImport(
                        store: store, blobs: SweptBeforeTheCheck(base: blobs, swept: try #require(BlobHash(hex: hex(swept)))),
                        maxBlobBytes: Limits.defaultMaxUploadBytes, sweepGrace: readPastTheGrace ? .zero : .seconds(3_600)
                    )
                    return try await importer.run(file, userID: me.user.id, enrich: false)
                }
            }

            let results = Dictionary(uniqueKeysWithValues: answer.results.map { ($0.id, $0) })
            #expect(results[keptItem.id]?.status == .imported)
            if readPastTheGrace {
                #expect(results[sweptItem.id]?.status == .skipped)
                #expect(results[sweptItem.id]?.reason == ArchiveImport.vanishedReason && results[sweptItem.id]?.field == "file")
                #expect(try await client.allItems(token: token).map(\.id) == [keptItem.id])
            } else {
                // A read shorter than the grace can't have lost a file: nothing is checked.
                #expect(results[sweptItem.id]?.status == .imported)
            }
        }
    }
}
