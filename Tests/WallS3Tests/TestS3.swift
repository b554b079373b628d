import Foundation
import WallS3

/// The S3-protocol server of this test run (moto's, started by `scripts/with-s3`), and fresh
/// buckets on it.
enum TestS3 {
    /// The server's endpoint, when the run has one.
    static let endpoint = ProcessInfo.processInfo.environment["DWALL_TEST_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : URL(string: $0) }

    /// A client for a new, empty bucket (path-style, as moto on 127.0.0.1 needs).
    static func freshBucket(prefix: String = "blobs") async throws -> S3Client {
        let client = client(bucket: "dwall-test-" + UUID().uuidString.lowercased().prefix(18), prefix: prefix)
        try await client.createBucket()
        return client
    }

    /// A client for `bucket` on the test server, whether or not the bucket exists.
    static func client(bucket: String, prefix: String = "blobs", endpoint: URL? = nil) -> S3Client {
        S3Client(configuration: S3Configuration(
            location: S3Location(bucket: bucket, prefix: prefix), endpoint: endpoint ?? Self.endpoint!, region: "us-east-1",
            pathStyle: true, credentials: .init(accessKeyID: "testing", secretAccessKey: "testing")
        ))
    }

    /// Bytes that differ at every position, so an offset mistake shows.
    static func pattern(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31) ^ ($0 >> 8) ^ Int(seed)) }
    }
}
