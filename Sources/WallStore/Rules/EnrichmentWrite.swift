import WallCore

/// What recording an enrichment writes, decided once for both stores: a refresh (`pending`)
/// only marks the item, keeping what the last fetch found on the wall meanwhile; a result
/// replaces the preview, its readable text and its search words, unless the item shows a result
/// asked for later (two jobs of one item, a repeated share's snapshot or a refresh, whose
/// fetches ended out of order): the later request's result stands.
enum EnrichmentWrite: Sendable, Equatable {
    /// Only the state changes, to `pending`.
    case markPending
    /// The fetch's outcome: its state and what it found (`nil`: nothing usable).
    case result(ItemState, LinkPreview?)
    /// Nothing: the item shows the result of an enrichment asked for after this one.
    case superseded

    /// The write for recording `state` and `preview` on an item whose preview is `current`.
    init(state: ItemState, preview: LinkPreview?, over current: LinkPreview?) {
        if state == .pending {
            self = .markPending
        } else if let asked = preview?.requestedAt, let shown = current?.requestedAt, asked < shown {
            self = .superseded
        } else {
            self = .result(state, preview)
        }
    }
}
