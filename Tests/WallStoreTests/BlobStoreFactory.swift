import Foundation
import Testing
import WallCore
import WallS3
import WallStore

/// One kind of blob store the conformance suite (`BlobStoreConformanceTests`) runs against.
///
/// `run` opens a fresh, empty store (with whatever it needs running around it), hands the
/// test a `BlobStoreFixture`, and undoes everything afterwards. To add a store, add a factory
/// to `all`.
struct BlobStoreFactory: Sendable, CustomTestStringConvertible {
    /// Shown in test results.
    let name: String
    /// Runs `body` with a fresh store whose clock (where it takes one) is `clock`.
    let run: @Sendable (_ clock: ShiftableClock, _ body: @Sendable (BlobStoreFixture) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    /// The folder store always; PostgreSQL's when `DWALL_TEST_DATABASE_URL` points at a server;
    /// S3's when `DWALL_TEST_S3_ENDPOINT` points at an S3-protocol server (`scripts/with-s3`).
    static let all: [BlobStoreFactory] = [.folder] + (TestDatabase.serverURL == nil ? [] : [.postgres]) + (s3Endpoint == nil ? [] : [.s3])

    /// The run's S3-protocol server (moto's), if any.
    static let s3Endpoint = ProcessInfo.processInfo.environment["DWALL_TEST_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : URL(string: $0) }

    /// `S3BlobStore` in a fresh bucket on the run's S3-protocol server, staging in a fresh
    /// temporary folder, removed afterwards (moto keeps buckets in memory until it stops).
    static let s3 = BlobStoreFactory(name: "S3") { clock, body in
        let bucket = "dwall-conformance-" + UUID().uuidString.lowercased().prefix(12)
        let client = S3Client(configuration: S3Configuration(
            location: S3Location(bucket: bucket, prefix: "blobs"), endpoint: s3Endpoint!, region: "us-east-1", pathStyle: true,
            credentials: .init(accessKeyID: "testing", secretAccessKey: "testing")
        ))
        try await client.createBucket()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("s3blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let blobs = try S3BlobStore(client: client, temporaryFolder: temporary, clock: { clock.now() })
        try await body(BlobStoreFixture(
            blobs: blobs,
            // Staged files on this machine, and multipart uploads a killed commit left in the bucket.
            leftoverUploads: {
                try FileManager.default.contentsOfDirectory(atPath: temporary.path).count
                    + (try await client.listMultipartUploads(prefix: "").count)
            },
            clearAbandonedUploads: {
                clock.advance(by: Limits.abandonedBlobUploadAge + .seconds(60))
                _ = try S3BlobStore(client: client, temporaryFolder: temporary, clock: { clock.now() })
                _ = try await blobs.storedBlobs()
            }
        ))
    }

    /// `FileBlobStore` in a fresh temporary folder, removed afterwards.
    static let folder = BlobStoreFactory(name: "folder") { _, body in
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let blobs = try FileBlobStore(root: root)
        let temporary = root.appendingPathComponent("tmp")
        try await body(BlobStoreFixture(
            blobs: blobs,
            leftoverUploads: { try FileManager.default.contentsOfDirectory(atPath: temporary.path).count },
            clearAbandonedUploads: { _ = try FileBlobStore(root: root) }
        ))
    }

    /// `PostgresBlobStore` in a fresh database, with 1,000-byte chunks so that small blobs
    /// already span several, dropped afterwards.
    static let postgres = BlobStoreFactory(name: "PostgreSQL") { clock, body in
        let cleanup = Cleanup()
        do {
            let url = try await TestDatabase.createMigrated(cleanup)
            let store = try PostgresStore(url: url, maxConnections: 4)
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("pgblobs-\(UUID().uuidString)")
            cleanup.add { try? FileManager.default.removeItem(at: temporary) }
            let blobs = PostgresBlobStore(database: store, temporaryDirectory: temporary, chunkBytes: 1_000, clock: { clock.now() })
            try await store.whileRunning {
                try await body(BlobStoreFixture(
                    blobs: blobs,
                    leftoverUploads: { try await blobs.pendingUploadCount() },
                    clearAbandonedUploads: {
                        clock.advance(by: Limits.abandonedBlobUploadAge + .seconds(60))
                        _ = try await blobs.storedBlobs()
                    }
                ))
            }
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }
}

/// A blob store under test and the store-specific ways to look behind it.
struct BlobStoreFixture: Sendable {
    /// The store.
    let blobs: any BlobStore
    /// How many uploads, begun and never committed nor aborted, still hold bytes in the store.
    let leftoverUploads: @Sendable () async throws -> Int
    /// Does what the store does about uploads a killed process left: the folder store clears
    /// them when opened again; PostgreSQL's when its sweep listing runs past their age.
    let clearAbandonedUploads: @Sendable () async throws -> Void
}

/// The real time plus an offset a test moves forward.
final class ShiftableClock: Sendable {
    private let offset = Locked<TimeInterval>(0)

    /// Now, as the test has shifted it.
    func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves the clock on.
    func advance(by duration: Duration) {
        let parts = duration.components
        offset.withLock { $0 += TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18 }
    }
}
