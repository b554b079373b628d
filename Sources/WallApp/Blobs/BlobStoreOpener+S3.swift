import Foundation
import WallS3
import WallStore

extension BlobStoreOpener {
    /// Opens the S3-compatible store for `s3://bucket/prefix`, with the endpoint, region,
    /// path-style addressing and credentials read from the environment (`S3Configuration`);
    /// uploads are staged in `temporaryDirectory/s3`. A bad location or a missing variable is a
    /// `BlobStoreChoiceError` in one line; whether the bucket answers is `checkWritable`'s.
    static func openS3(bucket: String, prefix: String, temporaryDirectory: URL) throws -> any BlobStore {
        do {
            let location = try S3Location(parsing: prefix.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(prefix)")
            return try S3BlobStore(
                location: location, environment: ProcessInfo.processInfo.environment,
                temporaryFolder: temporaryDirectory.appendingPathComponent("s3", isDirectory: true)
            )
        } catch let error as S3ConfigurationError {
            throw BlobStoreChoiceError(message: error.description)
        }
    }
}
