import Foundation
import WallCore

/// The wall or smart wall a secret link opens, with its owner (never leaves the store).
struct WallLinkTarget: Sendable, Equatable {
    /// What a link shows.
    enum Scope: Sendable, Equatable {
        /// One wall's items.
        case wall(UUID)
        /// What a saved search matches on its owner's own walls.
        case search(SavedSearch)
    }

    /// The link's id.
    var linkID: UUID
    /// What it shows.
    var scope: Scope
    /// The owner of the wall or saved search.
    var ownerID: UUID
    /// Whether search engines may index the page.
    var indexable: Bool
}
