import Foundation
import WallCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pending share locked by this process while it sends it. Finish it with exactly one of
/// `complete()`, `release(recording:)` or `fail(_:)`; if the process dies first, the kernel
/// drops the lock and the share stays pending for the next drain.
public final class OutboxClaim: Sendable {
    /// The entry's file name.
    public let name: String
    /// The entry as read.
    public let entry: OutboxEntry
    private let outbox: Outbox
    private let descriptor: Locked<Int32?>

    init(outbox: Outbox, name: String, entry: OutboxEntry, descriptor: Int32) {
        self.outbox = outbox
        self.name = name
        self.entry = entry
        self.descriptor = Locked(descriptor)
    }

    deinit {
        descriptor.withLock { fd in
            if let open = fd { close(open) }
        }
    }

    /// The share's files, to upload with it.
    public var uploads: [UploadFile] { outbox.uploads(for: entry, name: name) }

    /// The server holds the share (2xx): remove it and its files.
    public func complete() throws(OutboxError) {
        try finish { () throws(OutboxError) in
            let layout = outbox.layout
            try DiskIO.unlinkIfPresent(layout.entry(name))
            if !entry.attachments.isEmpty { try? FileManager.default.removeItem(atPath: layout.files(name)) }
        }
    }

    /// The person withdrew the share before it was delivered: remove it.
    public func withdraw() throws(OutboxError) { try complete() }

    /// Leaves the share pending for a later drain, recording why this attempt failed.
    public func release(recording error: ShareError?, at date: Date = Date()) throws(OutboxError) {
        try finish { () throws(OutboxError) in
            guard let error else { return }
            var updated = entry
            updated.attempts += 1
            updated.lastAttemptAt = date
            updated.lastError = error.description
            updated.handedOverAt = nil
            try rewrite(updated)
        }
    }

    /// Hands the share to a background upload: marks it so that drains leave it alone, and lets
    /// go of it (the upload's result settles it with `Delivery.settleUpload`). Mark first, start
    /// the upload after: an upload that ends at once then finds the entry free to settle.
    public func handOver(at date: Date = Date()) throws(OutboxError) {
        try finish { () throws(OutboxError) in
            var updated = entry
            updated.handedOverAt = date.roundedToMillis
            try rewrite(updated)
        }
    }

    /// Takes the share back from a background upload that could not start: drains send it again.
    public func takeBack() throws(OutboxError) {
        try finish { () throws(OutboxError) in
            guard entry.handedOverAt != nil else { return }
            var updated = entry
            updated.handedOverAt = nil
            try rewrite(updated)
        }
    }

    private func rewrite(_ updated: OutboxEntry) throws(OutboxError) {
        try outbox.withWriterLock { () throws(OutboxError) -> Void in
            try outbox.write(updated.encoded(), to: outbox.layout.entry(name), keepLocked: false)
        }
    }

    /// The server refused the share for good: move it to `failed/` with the reason.
    public func fail(_ error: ShareError, at date: Date = Date()) throws(OutboxError) {
        try finish { () throws(OutboxError) in
            var failed = entry
            failed.attempts += 1
            failed.lastAttemptAt = date
            failed.lastError = error.description
            let layout = outbox.layout
            try outbox.withWriterLock { () throws(OutboxError) in
                // The failed copy first, then the pending one goes: a crash in between sends it
                // once more and meets the same refusal.
                try outbox.write(failed.encoded(), to: layout.entry(name, in: layout.failed), keepLocked: false)
                try DiskIO.unlinkIfPresent(layout.entry(name))
                try DiskIO.moveIfPresent(layout.files(name), layout.files(name, in: layout.failed))
            }
        }
    }

    /// Runs the finishing step once, then closes the file (dropping the lock).
    private func finish(_ step: () throws(OutboxError) -> Void) throws(OutboxError) {
        guard let fd = descriptor.withLock({ fd -> Int32? in
            defer { fd = nil }
            return fd
        }) else { return }
        defer { close(fd) }
        try step()
    }
}
