import Foundation

/// A folder made beside its final place and renamed onto it only when complete, so a backup or
/// a restore is either all there or not there at all.
struct StagingFolder {
    /// Where the files are written meanwhile.
    let url: URL
    /// Where the folder goes when it is complete.
    let target: URL

    /// Makes the staging folder next to `target`; `refuse` is thrown when `target` holds files.
    init(for target: URL, refuse: (String) -> BackupError) throws {
        let manager = FileManager.default
        if let contents = try? manager.contentsOfDirectory(atPath: target.path), !contents.isEmpty {
            throw refuse(target.path)
        }
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: target.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw refuse(target.path)
        }
        self.target = target
        url = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString.prefix(8).lowercased())")
        try manager.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Moves the complete folder onto its target (an empty target folder is replaced) and makes
    /// the rename durable.
    func finish(refuse: (String) -> BackupError) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: target.path) {
            // Only an empty folder may be replaced; it could have been filled meanwhile.
            guard (try? manager.contentsOfDirectory(atPath: target.path))?.isEmpty == true else { throw refuse(target.path) }
            try manager.removeItem(at: target)
        }
        try manager.moveItem(at: url, to: target)
        Self.sync(target.deletingLastPathComponent().path)
    }

    /// Flushes a file or folder to the disk (best effort: a folder may refuse to be opened).
    static func sync(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Removes what was written (after a failure).
    func discard() { try? FileManager.default.removeItem(at: url) }
}
