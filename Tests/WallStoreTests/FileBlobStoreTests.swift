import Foundation
import Testing
import WallStore

/// What only the folder store does (the rest is `BlobStoreConformanceTests`): clearing the
/// uploads a crash left when opened, and refusing names that are not hashes.
@Suite struct FileBlobStoreTests {
    @Test func removesUploadsACrashLeftBehindWhenOpened() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try FileBlobStore(root: folder)
        let stray = folder.appendingPathComponent("tmp/half-written")
        try Data([1, 2, 3]).write(to: stray)
        _ = try FileBlobStore(root: folder)
        #expect(!FileManager.default.fileExists(atPath: stray.path))
    }

    @Test func putsBackABlobACrashLeftAsideMidSweepWhenOpened() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let blobs = try FileBlobStore(root: folder)
        let kept = try await blobs.store([4, 5, 6])
        let storedAgain = try await blobs.store([7, 8, 9])
        // A sweep moved both aside and the process died; one was stored again meanwhile.
        let prefix = folder.appendingPathComponent("sha256")
        for ref in [kept, storedAgain] {
            let file = prefix.appendingPathComponent(String(ref.hash.hex.prefix(2))).appendingPathComponent(ref.hash.hex).path
            #expect(rename(file, file + ".sweeping") == 0)
        }
        _ = try await blobs.store([7, 8, 9])
        #expect(try await blobs.size(of: kept.hash) == nil, "aside, the blob is not served")

        let reopened = try FileBlobStore(root: folder)
        #expect(try await reopened.size(of: kept.hash) == 3)
        #expect(try await reopened.size(of: storedAgain.hash) == 3)
        #expect(Set(try await reopened.storedBlobs().map(\.hash)) == [kept.hash, storedAgain.hash])
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).filter { $0.hasSuffix(".sweeping") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func saysWhetherADataFolderHoldsBlobs() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        #expect(!FileBlobStore.holdsBlobs(dataDirectory: data.path))
        let blobs = try FileBlobStore(dataDirectory: data.path)
        #expect(!FileBlobStore.holdsBlobs(dataDirectory: data.path))
        _ = try await blobs.store([1, 2, 3])
        #expect(FileBlobStore.holdsBlobs(dataDirectory: data.path))
    }

    @Test func refusesHashesThatAreNotHexDigests() {
        #expect(BlobHash(hex: "../../etc/passwd") == nil)
        #expect(BlobHash(hex: String(repeating: "A", count: 64)) == nil)
        #expect(BlobHash(hex: String(repeating: "a", count: 63)) == nil)
    }
}
