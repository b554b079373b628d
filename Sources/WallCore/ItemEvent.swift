import Foundation

/// A change to one of a person's items, as sent on `GET /v1/events`.
public struct ItemEvent: Codable, Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Codable, Sendable {
        /// A new item.
        case created = "item.created"
        /// An item changed (edited, enriched, moved to the top).
        case updated = "item.updated"
        /// An item was deleted.
        case deleted = "item.deleted"
    }

    /// Position in the event log; the SSE `id`, to resume with `Last-Event-ID`.
    public var seq: Int64
    /// What happened.
    public var type: Kind
    /// The item's id.
    public var itemId: UUID
    /// The item as it is now (absent for deletions).
    public var item: Item?

    /// Makes an event.
    public init(seq: Int64, type: Kind, itemId: UUID, item: Item?) {
        self.seq = seq
        self.type = type
        self.itemId = itemId
        self.item = item
    }
}
