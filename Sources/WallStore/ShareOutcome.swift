import WallCore

/// What `saveShare` did.
public struct ShareOutcome: Sendable, Equatable {
    /// How the share was taken.
    public enum Kind: Sendable, Equatable {
        /// A new item.
        case created
        /// The link was already on the wall; that item was moved to the top.
        case duplicate
        /// This share id was stored before; nothing changed. `duplicate` repeats the first answer.
        case replayed(duplicate: Bool)
    }

    /// How the share was taken.
    public var kind: Kind
    /// The item the share is on, as it is now.
    public var item: Item

    /// Makes an outcome.
    public init(kind: Kind, item: Item) {
        self.kind = kind
        self.item = item
    }

    /// Whether the answer should say `"duplicate": true`.
    public var isDuplicate: Bool {
        switch kind {
        case .created: false
        case .duplicate: true
        case .replayed(let duplicate): duplicate
        }
    }
}
