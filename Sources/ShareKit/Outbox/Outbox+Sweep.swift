import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Outbox {
    /// Clears what interrupted writers left: temporary files, and attachment folders whose entry
    /// never landed (or was delivered, or moved to `failed/` or `damaged/`, which get them).
    ///
    /// Runs only when no writer is active (it needs the folder's lock exclusively); returns
    /// whether it ran.
    @discardableResult
    public func sweep() throws(OutboxError) -> Bool {
        let fd = open(layout.lockFile, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system("open", path: layout.lockFile) }
        defer { close(fd) }
        guard DiskIO.tryLock(fd) else { return false }

        for name in try DiskIO.names(in: layout.tmp) {
            try? FileManager.default.removeItem(atPath: layout.tmp + "/" + name)
        }
        let names = try DiskIO.names(in: layout.root)
        let entries = Set(names.filter(OutboxLayout.isEntry).map(OutboxLayout.stem))
        for folder in names where folder.hasSuffix(OutboxLayout.filesSuffix) {
            let stem = String(folder.dropLast(OutboxLayout.filesSuffix.count))
            guard !entries.contains(stem) else { continue }
            let entryName = stem + OutboxLayout.entrySuffix
            if let home = [layout.failed, layout.damaged].first(where: { DiskIO.exists(layout.entry(entryName, in: $0)) }) {
                try DiskIO.moveIfPresent(layout.files(entryName), layout.files(entryName, in: home))
            } else {
                try? FileManager.default.removeItem(atPath: layout.root + "/" + folder)
            }
        }
        return true
    }

    /// Deletes the shares in `failed/` (after the person has seen them).
    public func discardFailed() throws(OutboxError) {
        for name in try DiskIO.names(in: layout.failed) {
            try? FileManager.default.removeItem(atPath: layout.failed + "/" + name)
        }
    }
}
