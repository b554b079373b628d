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
