import Foundation

/// The answer to `POST /v1/share`.
public struct ShareResponse: Codable, Sendable, Equatable {
    /// The client's share id, echoed.
    public var id: UUID
    /// Saved (complete) or queued (durable, follow-up work pending).
    public var status: ShareStatus
    /// A sentence to show the person.
    public var message: String
    /// The item the share is on.
    public var item: Item
    /// True when the link was already on the wall and that item was moved to the top instead.
    public var duplicate: Bool
    /// Every item of a multi-file share, in the order the files were sent (`item` is the first).
    public var items: [Item]? = nil

    /// Makes a share response.
    public init(id: UUID, status: ShareStatus, message: String, item: Item, duplicate: Bool) {
        self.id = id
        self.status = status
        self.message = message
        self.item = item
        self.duplicate = duplicate
    }
}
