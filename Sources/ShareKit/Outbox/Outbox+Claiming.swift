import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Outbox {
    /// Claims the pending entry `name` for sending: locks it without waiting and reads it.
    public func claim(_ name: String) throws(OutboxError) -> OutboxClaimResult {
        let path = layout.entry(name)
        // An entry rewritten by another process between our open and our lock is a new file:
        // look again (a few times; it can only be rewritten by a holder of its lock).
        for _ in 0..<3 {
            guard let fd = try DiskIO.openForReading(path) else { return .gone }
            guard DiskIO.tryLock(fd) else {
                close(fd)
                return .busy
            }
            guard DiskIO.isSameFile(fd, path: path) else {
                close(fd)
                continue
            }
            let data: Data
            do { data = try DiskIO.readAll(fd, path: path) } catch {
                close(fd)
                throw error
            }
            do {
                let entry = try OutboxEntry.decode(data)
                return .claimed(OutboxClaim(outbox: self, name: name, entry: entry, descriptor: fd))
            } catch {
                defer { close(fd) }
                try moveAside(name)
                return .damaged(DamagedEntry(name: name, reason: error.message))
            }
        }
        return .busy
    }

    /// Claims the pending entry of a share, by its id.
    public func claim(shareID: UUID) throws(OutboxError) -> OutboxClaimResult {
        guard let name = OutboxLayout.entry(of: shareID, among: try pendingNames()) else { return .gone }
        return try claim(name)
    }

    /// Moves an unreadable entry (and its files) to `damaged/`.
    private func moveAside(_ name: String) throws(OutboxError) {
        try DiskIO.moveIfPresent(layout.files(name), layout.files(name, in: layout.damaged))
        try DiskIO.move(layout.entry(name), layout.entry(name, in: layout.damaged))
    }

    /// The files of a claimed entry, ready to upload.
    func uploads(for entry: OutboxEntry, name: String) -> [UploadFile] {
        let folder = layout.files(name)
        return entry.attachments.map {
            UploadFile(fileURL: URL(fileURLWithPath: folder + "/" + $0.storedName), filename: $0.filename, mimeType: $0.mimeType)
        }
    }
}
