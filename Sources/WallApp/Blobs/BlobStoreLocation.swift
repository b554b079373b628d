import Foundation

/// Which blob store a server keeps its files in (`dwall serve --blob-store`, `DWALL_BLOB_STORE`,
/// and `dwall blobs migrate --from/--to`).
public enum BlobStoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// Files under the data folder (`--data/blobs`): one machine, or replicas on one shared folder.
    case folder
    /// Files in the PostgreSQL database (`--database-url`), shared by every replica.
    case postgres
    /// Files in an S3-compatible bucket under a key prefix (endpoint, region and credentials
    /// come from the environment; see `BlobStoreOpener.openS3`).
    case s3(bucket: String, prefix: String)

    /// Reads `folder`, `postgres` or `s3://bucket/prefix`; nil for anything else.
    public init?(parsing text: String) {
        switch text {
        case "folder": self = .folder
        case "postgres", "postgresql": self = .postgres
        default:
            guard text.hasPrefix("s3://") else { return nil }
            let rest = text.dropFirst("s3://".count)
            let bucket = String(rest.prefix { $0 != "/" })
            guard !bucket.isEmpty else { return nil }
            var prefix = String(rest.dropFirst(bucket.count))
            while prefix.hasPrefix("/") { prefix.removeFirst() }
            while prefix.hasSuffix("/") { prefix.removeLast() }
            self = .s3(bucket: bucket, prefix: prefix)
        }
    }

    /// The store a server uses when none is named: PostgreSQL's with a PostgreSQL database (so
    /// replicas share files with no setup), else the data folder.
    public static func standard(for location: StoreLocation) -> BlobStoreLocation {
        location.databaseURL == nil ? .folder : .postgres
    }

    /// Why this store can't be used with `location`, or nil when it can.
    public func problem(with location: StoreLocation) -> String? {
        if self == .postgres, location.databaseURL == nil {
            return "The postgres blob store keeps files in the PostgreSQL database: give --database-url too."
        }
        return nil
    }

    /// As the flag spells it.
    public var description: String {
        switch self {
        case .folder: "folder"
        case .postgres: "postgres"
        case .s3(let bucket, let prefix): prefix.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(prefix)"
        }
    }

    /// Whether every replica sees the same files (so `--data` holds only temporary files).
    public var isShared: Bool { self != .folder }
}
