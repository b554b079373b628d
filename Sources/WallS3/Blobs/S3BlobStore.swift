import Foundation
import Logging
import WallCore
import WallStore

/// Blobs as objects in an S3-compatible bucket (AWS S3, R2, B2, MinIO), under
/// `prefix/ab/abcdef…` (the first two hex digits of the SHA-256, then all 64), so every replica
/// sees every blob (`--blob-store s3://bucket/prefix`).
///
/// An upload is staged in a local temporary file while it is hashed; only at commit, with the
/// hash known, is it sent under its final key, in one PUT or (past one part) a multipart upload
/// that S3 shows only once complete. So a replica killed mid-upload never leaves a visible blob
/// under a hash: what it leaves is a local temporary file (removed at the next start) or an
/// unfinished multipart upload (aborted by a later sweep, `storedBlobs`). A bucket lifecycle rule
/// (`AbortIncompleteMultipartUpload`) does the same on the store's side.
public struct S3BlobStore: BlobStore {
    /// The S3 client, with the bucket and prefix.
    public let client: S3Client
    /// The local folder for staged uploads and downloaded copies (in `--data`).
    public let temporaryFolder: URL
    /// The current time (for the age of abandoned uploads).
    let clock: @Sendable () -> Date

    /// Opens the store on `client`'s bucket, staging files in `temporaryFolder` (created if
    /// needed). Files there older than `Limits.s3StagedLeftoverAge` are a killed process's and
    /// are removed; younger ones may be a running server's (beside `dwall blobs migrate`) and are
    /// kept. Makes no request: `checkWritable()` does.
    public init(client: S3Client, temporaryFolder: URL, clock: @escaping @Sendable () -> Date = Date.init) throws {
        self.client = client
        self.temporaryFolder = temporaryFolder
        self.clock = clock
        let manager = FileManager.default
        try manager.createDirectory(at: temporaryFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let cutoff = clock().addingTimeInterval(-Double(Limits.s3StagedLeftoverAge.components.seconds))
        for name in (try? manager.contentsOfDirectory(atPath: temporaryFolder.path)) ?? [] {
            let file = temporaryFolder.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date ?? .distantPast
            if modified < cutoff { try? manager.removeItem(at: file) }
        }
    }

    /// Opens the store for `location` with the endpoint, region, addressing style and
    /// credentials read from `environment` (`S3Configuration`), staging files in
    /// `temporaryFolder`.
    public init(location: S3Location, environment: [String: String], temporaryFolder: URL) throws {
        let configuration = try S3Configuration(location: location, environment: environment)
        try self.init(client: S3Client(configuration: configuration), temporaryFolder: temporaryFolder)
    }

    /// The bucket and prefix.
    public var location: S3Location { client.configuration.location }

    /// The object key of a blob.
    public func key(for hash: BlobHash) -> String {
        location.key("\(hash.hex.prefix(2))/\(hash.hex)")
    }

    // MARK: BlobStore

    /// Starts an upload staged in a new local temporary file.
    public func beginUpload() async throws -> any BlobUpload {
        let path = temporaryFolder.appendingPathComponent("upload-\(UUID().uuidString.lowercased())").path
        return try S3BlobUpload(temporaryPath: path, store: self)
    }

    /// The blob's size, from a HEAD.
    public func size(of hash: BlobHash) async throws -> Int64? {
        try await client.headObject(key: key(for: hash))?.size
    }

    /// A reader over ranged GETs; nil when the blob is absent.
    public func open(_ hash: BlobHash) async throws -> (any BlobReader)? {
        guard let info = try await client.headObject(key: key(for: hash)) else { return nil }
        return S3BlobReader(client: client, key: key(for: hash), size: info.size)
    }

    /// Downloads the blob to a temporary file (deleted on release), checking its SHA-256.
    public func localFile(for hash: BlobHash) async throws -> LocalBlobFile? {
        let url = temporaryFolder.appendingPathComponent("copy-\(UUID().uuidString.lowercased())")
        let file = LocalBlobFile(temporary: url)
        do {
            guard try await client.download(key: key(for: hash), to: url.path) else { return nil }
            guard try FileHashing.sha256(of: url.path) == hash.hex else {
                throw BlobStoreError.inconsistent("the object \(key(for: hash)) does not match its hash")
            }
            return file
        } catch {
            file.release()
            throw error
        }
    }

    /// Lists the blobs under the prefix with their last modification. Also aborts multipart
    /// uploads under the prefix older than `Limits.abandonedBlobUploadAge` (an uploader killed
    /// mid-commit leaves one; it was never visible), since this is what a sweep calls.
    public func storedBlobs() async throws -> [StoredBlob] {
        let listingPrefix = location.prefix.isEmpty ? "" : location.prefix + "/"
        let cutoff = clock().addingTimeInterval(-Double(Limits.abandonedBlobUploadAge.components.seconds))
        for upload in try await client.listMultipartUploads(prefix: listingPrefix) where upload.initiated < cutoff {
            try await client.abortMultipartUpload(key: upload.key, uploadID: upload.uploadID)
        }
        return try await client.listObjects(prefix: listingPrefix).compactMap { object in
            let name = object.key.dropFirst(listingPrefix.count)
            let parts = name.split(separator: "/")
            guard parts.count == 2, let hash = BlobHash(hex: String(parts[1])), parts[0] == hash.hex.prefix(2) else { return nil }
            return StoredBlob(hash: hash, modifiedAt: object.lastModified)
        }
    }

    /// Deletes the blob's object.
    public func remove(_ hash: BlobHash) async throws {
        try await client.deleteObject(key: key(for: hash))
    }

    /// Deletes the blob's object unless its last write (a re-share copies it onto itself) is
    /// after `cutoff`, as read just before the delete. S3 has no conditional delete: a re-share
    /// between the read and the delete still loses the object (its copy succeeds when it ran
    /// first, and its new item then refers to a deleted object; a copy after gets a 404), so
    /// this narrows the race PostgreSQL's conditional `DELETE` closes.
    public func remove(_ hash: BlobHash, unlessSharedAfter cutoff: Date) async throws -> Bool {
        guard let info = try await client.headObject(key: key(for: hash)), info.lastModified <= cutoff else { return false }
        try await client.deleteObject(key: key(for: hash))
        return true
    }
}
