import Foundation
import WallCore

/// One share in the app's "waiting to sync" list, read from the outbox.
public struct PendingShareRow: Sendable, Equatable, Identifiable {
    /// Where the share is.
    public enum State: Sendable, Equatable {
        /// Not tried yet.
        case waiting
        /// Handed to a background upload, which is sending it.
        case uploading
        /// Tried and kept for later; how often, and why the last try failed.
        case retrying(attempts: Int, lastError: String?)
        /// The server refused it for good; the reason.
        case refused(String?)
    }

    /// The share's id.
    public var id: UUID
    /// What it is: the link, the start of the text, or the file names.
    public var title: String
    /// Its kind.
    public var kind: ItemKind
    /// When it was queued.
    public var queuedAt: Date
    /// Where it is.
    public var state: State

    /// The row for an outbox entry; `refused` for one from `failed/`.
    public init(entry: OutboxEntry, refused: Bool = false) {
        id = entry.share.id
        kind = entry.share.contentType
        queuedAt = entry.enqueuedAt
        title = Self.title(of: entry)
        if refused {
            state = .refused(entry.lastError)
        } else if entry.handedOverAt != nil {
            state = .uploading
        } else if entry.attempts > 0 {
            state = .retrying(attempts: entry.attempts, lastError: entry.lastError)
        } else {
            state = .waiting
        }
    }

    /// The rows of a snapshot: pending ones oldest first, then refused ones.
    public static func rows(_ snapshot: OutboxSnapshot) -> [PendingShareRow] {
        snapshot.pending.map { PendingShareRow(entry: $0) } + snapshot.failed.map { PendingShareRow(entry: $0, refused: true) }
    }

    private static func title(of entry: OutboxEntry) -> String {
        let share = entry.share
        if let title = share.title, !title.isEmpty { return title }
        if let url = share.url, share.contentType == .url { return url }
        if let text = share.text { return ContentPreview.excerpt(text, limit: 80) }
        let names = entry.attachments.map(\.filename)
        return names.isEmpty ? share.contentType.rawValue : names.joined(separator: ", ")
    }
}
