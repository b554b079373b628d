import Foundation
import WallCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable on-disk queue of shares not yet acknowledged by the server.
///
/// One file per share, written to a temporary name, fsynced and renamed into place, so an entry
/// is either complete or absent. Attachments are copied beside it first. Processes coordinate with
/// `flock`: whoever holds an entry's lock is sending it; writers share the folder's `.lock`, which a
/// sweep takes exclusively. A share leaves only after a 2xx (or a permanent refusal, which moves it
/// to `failed/`); a file that can't be read moves to `damaged/` and never blocks the rest.
public final class Outbox: Sendable {
    /// The outbox folder.
    public let directory: URL
    let layout: OutboxLayout
    let table: TypeTable

    /// Opens (making it when needed) the outbox in `directory`.
    public init(directory: URL, table: TypeTable = .standard) throws(OutboxError) {
        self.directory = directory.standardizedFileURL
        self.layout = OutboxLayout(root: self.directory.path)
        self.table = table
        for folder in [layout.root, layout.tmp, layout.failed, layout.damaged] { try DiskIO.makeDirectory(folder) }
        let fd = open(layout.lockFile, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .system("create", path: layout.lockFile) }
        close(fd)
    }

    // MARK: Writing

    /// Stores a share durably and returns it claimed (locked) by the caller, who may now send it.
    /// Dates are kept to the millisecond, as the wire carries them, so the entry in hand equals
    /// the one read back.
    public func enqueue(_ share: PendingShare, now: Date = Date()) throws(OutboxError) -> OutboxClaim {
        let now = now.roundedToMillis
        var request = share.request
        request.timestamp = request.timestamp?.roundedToMillis
        let name = OutboxLayout.name(shareID: request.id, enqueuedAt: now)
        return try withWriterLock { () throws(OutboxError) -> OutboxClaim in
            let stored = try storeAttachments(share.attachments, for: name)
            let entry = OutboxEntry(share: request, attachments: stored, userID: share.userID, enqueuedAt: now)
            let fd = try write(entry.encoded(), to: layout.entry(name), keepLocked: true)
            return OutboxClaim(outbox: self, name: name, entry: entry, descriptor: fd)
        }
    }

    /// The names of the pending entries, oldest first.
    public func pendingNames() throws(OutboxError) -> [String] {
        try DiskIO.names(in: layout.root).filter(OutboxLayout.isEntry).sorted()
    }

    /// Runs `body` holding the writers' shared lock, so a sweep never clears a half-written file.
    func withWriterLock<T>(_ body: () throws(OutboxError) -> T) throws(OutboxError) -> T {
        let fd = open(layout.lockFile, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system("open", path: layout.lockFile) }
        defer { close(fd) }
        try DiskIO.lock(fd, shared: true, path: layout.lockFile)
        return try body()
    }

    /// Writes `data` to `path` atomically: temporary file, fsync, rename, fsync of the folder.
    /// With `keepLocked`, returns the file's descriptor holding an exclusive lock on it.
    @discardableResult
    func write(_ data: Data, to path: String, keepLocked: Bool) throws(OutboxError) -> Int32 {
        let temporary = layout.tmp + "/" + UUID.timeOrdered().uuidString + ".tmp"
        let fd = try DiskIO.createExclusive(temporary)
        do {
            if keepLocked { _ = DiskIO.tryLock(fd) }
            try DiskIO.writeAll(fd, data, path: temporary)
            try DiskIO.sync(fd, path: temporary)
            try DiskIO.move(temporary, path)
            try DiskIO.syncDirectory(OutboxLayout.parent(of: path))
        } catch {
            close(fd)
            try? DiskIO.unlinkIfPresent(temporary)
            throw error
        }
        if keepLocked { return fd }
        close(fd)
        return -1
    }

    /// Copies attachments into a temporary folder, syncs them, and renames it beside the entry.
    private func storeAttachments(_ attachments: [AttachmentFile], for name: String) throws(OutboxError) -> [StoredAttachment] {
        guard !attachments.isEmpty else { return [] }
        let folder = layout.tmp + "/" + UUID.timeOrdered().uuidString + OutboxLayout.filesSuffix
        try DiskIO.makeDirectory(folder)
        var stored: [StoredAttachment] = []
        for (index, attachment) in attachments.enumerated() {
            let storedName = String(index) + (table.preferredExtension(for: attachment.type).map { "." + $0 } ?? "")
            try copy(attachment, to: folder + "/" + storedName)
            stored.append(StoredAttachment(
                storedName: storedName, filename: attachment.filename, type: attachment.type,
                mimeType: table.mimeType(for: attachment.type)
            ))
        }
        try DiskIO.syncDirectory(folder)
        try DiskIO.move(folder, layout.files(name))
        return stored
    }

    private func copy(_ attachment: AttachmentFile, to path: String) throws(OutboxError) {
        switch attachment.source {
        case .file(let url):
            do { try FileManager.default.copyItem(atPath: url.path, toPath: path) } catch {
                throw OutboxError(message: "Could not copy \(url.path): \(error.localizedDescription)")
            }
            guard let fd = try DiskIO.openForReading(path) else { throw .system("open", path: path) }
            defer { close(fd) }
            try DiskIO.sync(fd, path: path)
        case .data(let data):
            let fd = try DiskIO.createExclusive(path)
            defer { close(fd) }
            try DiskIO.writeAll(fd, data, path: path)
            try DiskIO.sync(fd, path: path)
        }
    }
}
