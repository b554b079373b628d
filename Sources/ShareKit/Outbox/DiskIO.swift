import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the outbox is built from: exclusive creation, full writes,
/// fsync (`F_FULLFSYNC` on Apple platforms), rename, and `flock` locks, which hold across
/// processes and are released by the kernel when a process dies.
enum DiskIO {
    /// Creates `path` (which must not exist) for writing, readable by the owner only.
    static func createExclusive(_ path: String) throws(OutboxError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .system("create", path: path) }
        return fd
    }

    /// Opens `path` to read and lock it; `nil` when it does not exist.
    static func openForReading(_ path: String) throws(OutboxError) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 { return fd }
        if errno == ENOENT { return nil }
        throw .system("open", path: path)
    }

    /// Writes all of `data`, retrying short writes.
    static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(OutboxError) {
        var failure: OutboxError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .system("write", path: path)
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
    }

    /// Reads the whole file from its start.
    static func readAll(_ fd: Int32, path: String) throws(OutboxError) -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system("read", path: path)
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
    }

    /// Flushes a file's data to stable storage.
    static func sync(_ fd: Int32, path: String) throws(OutboxError) {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(fd) == 0 else { throw .system("fsync", path: path) }
    }

    /// Flushes a directory, so the names created or renamed in it survive a power cut.
    static func syncDirectory(_ path: String) throws(OutboxError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system("open", path: path) }
        defer { close(fd) }
        try sync(fd, path: path)
    }

    /// Renames atomically, replacing `to` when it exists.
    static func move(_ from: String, _ to: String) throws(OutboxError) {
        guard rename(from, to) == 0 else { throw .system("rename", path: from) }
    }

    /// Renames when `from` exists; `false` when it did not.
    @discardableResult
    static func moveIfPresent(_ from: String, _ to: String) throws(OutboxError) -> Bool {
        if rename(from, to) == 0 { return true }
        if errno == ENOENT { return false }
        throw .system("rename", path: from)
    }

    /// Takes an exclusive (or shared) lock without waiting; `false` when another holder has it.
    static func tryLock(_ fd: Int32, shared: Bool = false) -> Bool {
        flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0
    }

    /// Takes a lock, waiting for it.
    static func lock(_ fd: Int32, shared: Bool, path: String) throws(OutboxError) {
        while flock(fd, shared ? LOCK_SH : LOCK_EX) != 0 {
            guard errno == EINTR else { throw .system("flock", path: path) }
        }
    }

    /// Whether `fd` is still the file at `path` (not replaced or removed since it was opened).
    static func isSameFile(_ fd: Int32, path: String) -> Bool {
        var opened = stat(), named = stat()
        guard fstat(fd, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_ino == named.st_ino && opened.st_dev == named.st_dev
    }

    /// Removes a file; a missing one is fine.
    static func unlinkIfPresent(_ path: String) throws(OutboxError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .system("unlink", path: path) }
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Makes a directory (and its parents), owner-only.
    static func makeDirectory(_ path: String) throws(OutboxError) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw OutboxError(message: "Could not make \(path): \(error.localizedDescription)")
        }
    }

    /// The names in a directory (no `.` and `..`).
    static func names(in path: String) throws(OutboxError) -> [String] {
        do { return try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw OutboxError(message: "Could not list \(path): \(error.localizedDescription)")
        }
    }
}
