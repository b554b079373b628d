import Foundation
import WallStore

extension BlobStoreOpener {
    /// Opens the S3-compatible store for `s3://bucket/prefix` (endpoint, region, path-style
    /// addressing and credentials from the environment); its temporary copies go to
    /// `temporaryDirectory`. The hook the S3 store fills in: until then, a clear refusal.
    static func openS3(bucket: String, prefix: String, temporaryDirectory: URL) throws -> any BlobStore {
        throw BlobStoreChoiceError(message: "This dwall has no S3 blob store yet: use --blob-store folder or postgres.")
    }
}
