import Foundation

/// How the folder store removes a blob for the sweeper without losing one shared again
/// meanwhile: the file is moved aside under `<hash>.sweeping` (an upload of the same bytes from
/// then on finds no file and renames its own copy into place), its time is read, and a file
/// touched since the sweep's cutoff is put back. A crash while a file is aside leaves it there;
/// the store puts it back when it is next opened (a blob that should have gone is swept again).
extension FileBlobStore {
    /// The suffix of a blob's file while a sweep has it aside.
    static let asideSuffix = ".sweeping"

    /// Removes the blob's file unless it was written or touched after `cutoff`; true when it
    /// is gone.
    public func remove(_ hash: BlobHash, unlessSharedAfter cutoff: Date) async throws -> Bool {
        let file = path(of: hash).path
        let aside = file + Self.asideSuffix
        guard rename(file, aside) == 0 else {
            guard errno == ENOENT else { throw BlobStoreError.io(operation: "rename", path: file, code: errno) }
            return false
        }
        let modified = (try? FileManager.default.attributesOfItem(atPath: aside))?[.modificationDate] as? Date
        if (modified ?? .distantFuture) > cutoff {
            // Back in place (over an upload's own copy of the same bytes, if one came meanwhile).
            guard rename(aside, file) == 0 else { throw BlobStoreError.io(operation: "rename", path: aside, code: errno) }
            try FileBlobUpload.syncFolder((file as NSString).deletingLastPathComponent)
            return false
        }
        guard unlink(aside) == 0 || errno == ENOENT else {
            throw BlobStoreError.io(operation: "remove", path: aside, code: errno)
        }
        return true
    }

    /// Puts back every blob a crash left aside (dropping the aside copy when an upload stored
    /// the blob again meanwhile).
    static func putBackSweptAside(root: URL) {
        let manager = FileManager.default
        let stored = storedFolder(root)
        for prefix in (try? manager.contentsOfDirectory(atPath: stored.path)) ?? [] {
            let folder = stored.appendingPathComponent(prefix).path
            let aside = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(asideSuffix) }
            for name in aside {
                let moved = folder + "/" + name
                let file = String(moved.dropLast(asideSuffix.count))
                if manager.fileExists(atPath: file) { unlink(moved) } else { rename(moved, file) }
            }
            if !aside.isEmpty { try? FileBlobUpload.syncFolder(folder) }
        }
    }
}
