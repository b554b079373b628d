import Foundation

extension Outbox {
    /// Reads every entry as it is now. Entries are renamed into place whole, so a read never sees
    /// half of one; an entry delivered meanwhile is simply missing.
    public func snapshot() throws(OutboxError) -> OutboxSnapshot {
        var snapshot = OutboxSnapshot()
        for name in try pendingNames() {
            guard let data = FileManager.default.contents(atPath: layout.entry(name)) else { continue }
            if let entry = try? OutboxEntry.decode(data) {
                snapshot.pending.append(entry)
            } else {
                snapshot.unreadable.append(name)
            }
        }
        for name in try DiskIO.names(in: layout.failed).filter(OutboxLayout.isEntry).sorted() {
            if let data = FileManager.default.contents(atPath: layout.entry(name, in: layout.failed)),
               let entry = try? OutboxEntry.decode(data) {
                snapshot.failed.append(entry)
            }
        }
        snapshot.damaged = try DiskIO.names(in: layout.damaged).filter { !$0.hasSuffix(OutboxLayout.filesSuffix) }.sorted()
        return snapshot
    }

    /// The entry of `shareID` in `failed/` (refused for good), reading no other; nil when there
    /// is none.
    public func failedEntry(shareID: UUID) throws(OutboxError) -> OutboxEntry? {
        guard let name = OutboxLayout.entry(of: shareID, among: try DiskIO.names(in: layout.failed)),
              let data = FileManager.default.contents(atPath: layout.entry(name, in: layout.failed)) else { return nil }
        return try? OutboxEntry.decode(data)
    }
}
