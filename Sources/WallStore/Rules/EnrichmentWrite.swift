import WallCore

/// What recording an enrichment writes, decided once for both stores: a refresh (`pending`)
/// only marks the item, keeping what the last fetch found on the wall meanwhile; a result
/// replaces the preview, its readable text and its search words.
enum EnrichmentWrite: Sendable, Equatable {
    /// Only the state changes, to `pending`.
    case markPending
    /// The fetch's outcome: its state and what it found (`nil`: nothing usable).
    case result(ItemState, LinkPreview?)

    /// The write for recording `state` and `preview`.
    init(state: ItemState, preview: LinkPreview?) {
        self = state == .pending ? .markPending : .result(state, preview)
    }
}
