import Foundation

/// Blobs as files under a folder: `sha256/ab/abcd…` for stored blobs, `tmp/` for uploads.
///
/// An upload writes a temporary file, fsyncs it, and renames it onto its hash (then fsyncs the
/// folder), so a crash at any instant leaves either the whole blob or none of it under its
/// name; the temporary files a crash leaves behind are removed at the next start.
public struct FileBlobStore: BlobStore {
    /// The folder holding everything.
    public let root: URL

    /// Opens (creating if needed) the store at `root`, removing uploads a crash left behind
    /// unless `clearingUploads` is false (opened beside a running server, whose uploads they are).
    public init(root: URL, clearingUploads: Bool = true) throws {
        self.root = root
        for folder in [root, Self.storedFolder(root), Self.temporaryFolder(root)] {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        }
        guard clearingUploads else { return }
        Self.putBackSweptAside(root: root)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: Self.temporaryFolder(root).path)) ?? []
        for name in leftovers {
            try? FileManager.default.removeItem(at: Self.temporaryFolder(root).appendingPathComponent(name))
        }
    }

    /// Opens the store in the `blobs` folder of a server's data folder.
    public init(dataDirectory: String, clearingUploads: Bool = true) throws {
        try self.init(
            root: URL(fileURLWithPath: dataDirectory).appendingPathComponent("blobs", isDirectory: true), clearingUploads: clearingUploads
        )
    }

    // MARK: BlobStore

    /// Starts an upload into a fresh temporary file.
    public func beginUpload() async throws -> any BlobUpload {
        let path = Self.temporaryFolder(root).appendingPathComponent(UUID().uuidString.lowercased()).path
        return try FileBlobUpload(temporaryPath: path) { hash in self.path(of: hash) }
    }

    /// The blob's size, from the file system.
    public func size(of hash: BlobHash) async throws -> Int64? {
        var info = stat()
        guard stat(path(of: hash).path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// Opens the blob's file.
    public func open(_ hash: BlobHash) async throws -> (any BlobReader)? {
        try FileBlobReader(path: path(of: hash).path)
    }

    /// The blob's own file: it is never rewritten in place, so readers may use it directly.
    public func localFile(for hash: BlobHash) async throws -> LocalBlobFile? {
        let url = path(of: hash)
        return FileManager.default.fileExists(atPath: url.path) ? LocalBlobFile(kept: url) : nil
    }

    /// Lists the stored blobs with their modification times.
    public func storedBlobs() async throws -> [StoredBlob] {
        let manager = FileManager.default
        var found: [StoredBlob] = []
        let stored = Self.storedFolder(root)
        for prefix in try manager.contentsOfDirectory(atPath: stored.path) {
            let folder = stored.appendingPathComponent(prefix)
            for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                guard let hash = BlobHash(hex: name) else { continue }
                let attributes = try? manager.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
                let modified = attributes?[.modificationDate] as? Date ?? .distantPast
                found.append(StoredBlob(hash: hash, modifiedAt: modified))
            }
        }
        return found
    }

    /// Unlinks the blob's file.
    public func remove(_ hash: BlobHash) async throws {
        let file = path(of: hash).path
        guard unlink(file) == 0 || errno == ENOENT else {
            throw BlobStoreError.io(operation: "remove", path: file, code: errno)
        }
    }

    // MARK: Layout

    /// Where a blob with this hash lives.
    func path(of hash: BlobHash) -> URL { Self.path(of: hash, root: root) }

    /// Where a blob with this hash lives in the store at `root` (also a backup's layout).
    static func path(of hash: BlobHash, root: URL) -> URL {
        let hex = hash.hex
        return storedFolder(root)
            .appendingPathComponent(String(hex.prefix(2)), isDirectory: true)
            .appendingPathComponent(hex)
    }

    /// The hashes of the blobs stored under `root`, without opening (or tidying) the store.
    static func storedHashes(root: URL) -> [BlobHash] {
        let manager = FileManager.default
        let stored = storedFolder(root)
        let prefixes = (try? manager.contentsOfDirectory(atPath: stored.path)) ?? []
        return prefixes.flatMap { prefix in
            ((try? manager.contentsOfDirectory(atPath: stored.appendingPathComponent(prefix).path)) ?? [])
                .compactMap(BlobHash.init(hex:))
        }
    }

    /// Whether the `blobs` folder of a data folder holds any blob (without opening the store).
    public static func holdsBlobs(dataDirectory: String) -> Bool {
        !storedHashes(root: URL(fileURLWithPath: dataDirectory).appendingPathComponent("blobs", isDirectory: true)).isEmpty
    }

    static func storedFolder(_ root: URL) -> URL { root.appendingPathComponent("sha256", isDirectory: true) }
    static func temporaryFolder(_ root: URL) -> URL { root.appendingPathComponent("tmp", isDirectory: true) }
}
